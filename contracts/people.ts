import { z } from 'zod';

/** A person as every area shows someone other than the caller: one shape everywhere. */
export const person = z.object({
  id: z.number(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar_url: z.string().nullable(),
  is_deleted: z.boolean(),
  is_deactivated: z.boolean(),
  /** Deleted or deactivated accounts: shown at half opacity (spec 2.11). */
  is_shadow: z.boolean(),
});
export type Person = z.infer<typeof person>;
