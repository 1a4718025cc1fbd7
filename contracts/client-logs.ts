import { z } from 'zod';

const text = (max: number) => z.string().max(max).nullish();

/** Spec 7.1: a log record the client sends to the server. */
export const clientLogRecord = z.object({
  platform: text(100),
  tag: text(200),
  environment: text(100),
  type: z.enum(['log', 'error']),
  url: text(2000),
  action: text(200),
  description: text(10_000),
  user_id: z.union([z.number().int(), z.string().max(50)]).nullish(),
  /** The x-request-id of the call the record is about; otherwise the log call's own id. */
  request_id: z
    .string()
    .regex(/^[\w-]{8,64}$/)
    .nullish(),
});
export type ClientLogRecord = z.infer<typeof clientLogRecord>;
