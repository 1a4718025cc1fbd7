/**
 * `npm run jobs:dead`: the jobs that failed every retry, newest first, one JSON line each
 * (the same list supervisors read at GET core/_jobs/dead).
 */
import pino from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createJobs } from '../jobs';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const jobs = createJobs(database, { ...config, JOBS_WORK: false }, pino({ level: 'silent' }));
  try {
    const dead = await jobs.deadLetters(Number(process.argv[2] ?? 100));
    for (const job of dead) console.log(JSON.stringify(job));
    if (dead.length === 0) console.error('No job is in the dead-letter list.');
  } finally {
    await database.close();
  }
}

void main();
