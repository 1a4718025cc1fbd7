import { z } from 'zod';

/** The support form (spec 1, 4): what the person writes to the support mailbox. */
export const supportMessageBody = z
  .object({
    subject: z.string().trim().min(1).max(200),
    message: z.string().trim().min(1).max(5000),
    /** The page the person wrote from, to help support reproduce. */
    page: z.string().max(500).optional(),
  })
  .strict();

/** Where support messages go; `configured: false` when no support target is set. */
export const supportTarget = z.object({
  configured: z.boolean(),
  channel: z.enum(['mail']),
});

export const supportSent = z.object({ sent: z.literal(true) });
