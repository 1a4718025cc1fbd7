import { z } from 'zod';

/** A job that failed every retry (docs/decisions/events-and-jobs.md). */
export const deadJob = z.object({
  id: z.string(),
  queue: z.string(),
  data: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  attempts: z.number().int(),
  failed_at: z.string(),
});

export const deadJobs = z.object({ jobs: z.array(deadJob) });

export const deadJobsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
