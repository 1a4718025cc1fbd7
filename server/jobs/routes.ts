import { envelope } from '@contracts/common';
import { deadJobs, deadJobsQuery } from '@contracts/jobs';
import { requireSupervisor } from '../auth/guard';
import { ok } from '../http/envelope';
import type { App } from '../http/types';

/** What an operator needs to see of the job queue. */
export default async function jobRoutes(app: App) {
  app.get(
    '/_jobs/dead',
    {
      schema: {
        tags: ['operations'],
        summary: 'Jobs that failed every retry (supervisors only)',
        querystring: deadJobsQuery,
        response: { 200: envelope(deadJobs) },
      },
    },
    async (request) => {
      requireSupervisor(request);
      return ok({ jobs: await app.deps.jobs.deadLetters(request.query.limit) });
    },
  );
}
