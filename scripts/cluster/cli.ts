import { parseArgs } from 'node:util';
import { startCluster } from './processes';

/**
 * `npm run cluster -- --processes 2 --port 3000`: N API processes over PostgreSQL
 * (DATABASE_URL) and Redis (REDIS_URL) behind one proxy; Ctrl-C stops them gracefully.
 * docs/operations/scale-out.md.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      processes: { type: 'string', default: '2' },
      port: { type: 'string', default: process.env.PORT ?? '3000' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'npm run cluster -- [--processes N] [--port P]\n' +
        '  N API processes (default 2) behind a proxy on P (default $PORT or 3000).\n' +
        '  Needs DATABASE_URL; REDIS_URL shares rooms and rate limits (strongly advised);\n' +
        '  S3_BUCKET shares files across machines (one machine can share DATA_DIR/files).',
    );
    return;
  }
  const count = Number(values.processes);
  if (!Number.isInteger(count) || count < 1 || count > 32) {
    throw new Error('--processes takes a whole number from 1 to 32');
  }
  if (!process.env.REDIS_URL) {
    console.warn('REDIS_URL is unset: rooms and rate limits stay per process.');
  }
  const cluster = await startCluster({
    processes: count,
    port: Number(values.port),
    env: { ...process.env, APP_URL: process.env.APP_URL ?? `http://localhost:${values.port}` },
    onOutput: (index, text) => {
      for (const line of text.split('\n').filter(Boolean))
        process.stdout.write(`[${index}] ${line}\n`);
    },
  });
  console.log(`Teamloop: ${count} API processes behind ${cluster.url}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping (in-flight requests and jobs finish first)');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
