/**
 * `npm run jobs:dead [-- LIMIT]`: the jobs that failed every retry, newest first, one JSON line
 * each (the same list supervisors read at GET core/_jobs/dead). Through the running server
 * when one owns the embedded database (server/scripts/operator.ts).
 */
import pino from 'pino';
import { deadJobs, deadJobsQuery } from '@contracts/jobs';
import { createJobs } from '../jobs';
import { CommandRefused, messagesOf, runCommand, runScript } from './operator';

runScript(async () => {
  const query = deadJobsQuery.safeParse({ limit: process.argv[2] });
  if (!query.success) {
    console.error('Usage: npm run jobs:dead [-- LIMIT]   (LIMIT from 1 to 500, 100 if not given)');
    return 2;
  }
  const { limit } = query.data;
  const { jobs: dead } = await runCommand({
    async throughServer(call) {
      const { status, body } = await call('GET', `/jobs/dead?limit=${limit}`);
      if (status !== 200) throw new CommandRefused(messagesOf(body));
      return deadJobs.parse(body.resource);
    },
    async directly(database, config) {
      const jobs = createJobs(database, { ...config, JOBS_WORK: false }, pino({ level: 'silent' }));
      return { jobs: await jobs.deadLetters(limit) };
    },
  });
  for (const job of dead) console.log(JSON.stringify(job));
  if (dead.length === 0) console.error('No job is in the dead-letter list.');
  return 0;
});
