import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { startTcpProxy } from '../../tests/support/tcp-proxy';
import { startCluster } from '../cluster/processes';
import { checkWrites, describeCheck } from './check';
import { READ_KINDS, Recorder, WRITE_KINDS } from './client';
import { simulatePerson } from './person';
import { seedWorld } from './world';

/**
 * `npm run load -- [--people 200] [--seconds 600] [--processes 2] [--group-size 20] [--kill]
 * [--terminate] [--redis-outage] [--outage-seconds 30]`: simulated people doing the daily mix
 * (scripts/load/person.ts) against N API processes behind the cluster proxy, on a fresh
 * database on DATABASE_URL's server (dropped at the end) and REDIS_URL, loopback only. Prints
 * throughput, p50/p95/p99 and errors per kind of request, the 5xx that are not the degraded
 * 502/503, and compares the writes the clients were told succeeded with what the database
 * holds (scripts/load/check.ts). Exit code 1 when a write is missing or half-written, or a
 * request got another 5xx. docs/operations/scale-out.md.
 */
const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '600' },
    processes: { type: 'string', default: '2' },
    'group-size': { type: 'string', default: '20' },
    kill: { type: 'boolean', default: false },
    terminate: { type: 'boolean', default: false },
    'redis-outage': { type: 'boolean', default: false },
    'outage-seconds': { type: 'string', default: '30' },
  },
});
const PEOPLE = Math.min(1000, Math.max(1, Number(values.people)));
const SECONDS = Math.min(3600, Math.max(5, Number(values.seconds)));
const GROUP_SIZE = Math.min(100, Math.max(2, Number(values['group-size'])));
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!serverUrl || !redisUrl) {
  console.error('npm run load needs DATABASE_URL (a PostgreSQL server) and REDIS_URL.');
  process.exit(1);
}
for (const url of [serverUrl, redisUrl]) {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(url).hostname)) {
    console.error(`npm run load runs on loopback only: ${new URL(url).hostname} is not.`);
    process.exit(1);
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `teamloop_load_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const redisHost = new URL(redisUrl!);
  const redisProxy = await startTcpProxy({
    host: redisHost.hostname,
    port: Number(redisHost.port || 6379),
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-load-'));
  // Every process's output, kept whole (a killed process's too) to find a 5xx's stack.
  const logPath = path.join(dataDir, 'processes.log');
  const log = createWriteStream(logPath);
  const cluster = await startCluster({
    processes: Number(values.processes),
    port: 0,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SERVE_CLIENT: 'false',
      DATABASE_URL: url.toString(),
      REDIS_URL: redisProxy.through(redisUrl!),
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '100000',
      APP_URL: 'http://127.0.0.1',
    },
    onOutput: (index, text) => {
      for (const line of text.split('\n')) if (line) log.write(`${index} ${line}\n`);
    },
  });
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: tmpdir(),
    poolMax: 2,
  });
  const recorder = new Recorder();
  let running = true;
  try {
    const base = cluster.url;
    const world = await seedWorld(database, base, {
      people: PEOPLE,
      groupSize: GROUP_SIZE,
      tasksPerGroup: 3,
      // At most one answer every 8 s per person, each for one of about GROUP_SIZE people:
      // enough to answer for the whole run.
      assessmentsPerGroup: Math.max(1, Math.ceil(SECONDS / 8 / GROUP_SIZE)),
    });
    console.log(
      `${PEOPLE} people in ${world.groups.length} workspaces, ${SECONDS} s, ${values.processes} processes behind ${cluster.url}`,
    );

    const started = Date.now();
    const faults: string[] = [];
    // The processes the load killed on purpose, and those it watches for dying on their own.
    const killed = new Set<unknown>();
    const seen = new Set(cluster.processes.map((p) => p.child));
    const at = (fraction: number, what: string, act: () => Promise<void>) =>
      pause(SECONDS * 1000 * fraction).then(async () => {
        if (!running) return;
        faults.push(`${((SECONDS * fraction) | 0).toString()} s: ${what}`);
        console.log(`fault: ${what}`);
        await act();
      });
    const faultRuns: Promise<void>[] = [];
    if (values.kill) {
      faultRuns.push(
        at(0.25, 'kill -9 API process 0, restart it', async () => {
          if (cluster.processes[0].child) killed.add(cluster.processes[0].child);
          await cluster.kill(0);
          await pause(2_000);
          await cluster.restart(0);
          seen.add(cluster.processes[0].child);
        }),
      );
    }
    if (values.terminate) {
      faultRuns.push(
        at(0.5, 'pg_terminate_backend of every app connection', async () => {
          await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [name],
          );
        }),
      );
    }
    if (values['redis-outage']) {
      const outage = Number(values['outage-seconds']) * 1000;
      faultRuns.push(
        at(0.6, `Redis unreachable for ${outage / 1000} s`, async () => {
          redisProxy.cut();
          await pause(outage);
          redisProxy.restore();
        }),
      );
    }

    // A process that dies on its own is a bug: noted, and started again as a supervisor
    // (Docker's restart policy, Kubernetes) would.
    const crashes: string[] = [];
    const restarts: Promise<void>[] = [];
    const watch = setInterval(() => {
      if (!running) return;
      for (const p of cluster.processes) {
        const child = p.child;
        const exited = child && (child.exitCode !== null || child.signalCode !== null);
        if (!exited || killed.has(child) || !seen.has(child)) continue;
        seen.delete(child);
        crashes.push(
          `${((Date.now() - started) / 1000).toFixed(0)} s: API process ${p.index} exited (${child.signalCode ?? `code ${child.exitCode}`})`,
        );
        console.log(`crash: ${crashes.at(-1)}, starting it again`);
        restarts.push(
          cluster.restart(p.index).then(
            () => void seen.add(p.child),
            (error: unknown) => console.log(`API process ${p.index} did not start again: ${error}`),
          ),
        );
      }
    }, 500);

    const acknowledgedChats: number[] = [];
    const everyone = Promise.all(
      world.people.map((p) => simulatePerson(recorder, base, p, () => running, acknowledgedChats)),
    );
    await pause(SECONDS * 1000);
    running = false;
    await everyone;
    const elapsed = (Date.now() - started) / 1000;
    await Promise.all(faultRuns);
    clearInterval(watch);
    await Promise.all(restarts);

    const pct = (sorted: number[], p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
    let total = 0;
    console.log('\nkind                 ok    req/s   p50 ms   p95 ms   p99 ms   errors');
    for (const kind of [...READ_KINDS, ...WRITE_KINDS]) {
      const list = (recorder.samples.get(kind) ?? []).sort((a, b) => a - b);
      total += list.length;
      const errors =
        [...(recorder.failures.get(kind) ?? new Map<string, number>()).entries()]
          .map(([s, n]) => `${s}×${n}`)
          .join(' ') || '-';
      console.log(
        `${kind.padEnd(17)} ${String(list.length).padStart(6)} ${(list.length / elapsed).toFixed(1).padStart(8)} ${pct(list, 50).toFixed(1).padStart(8)} ${pct(list, 95).toFixed(1).padStart(8)} ${pct(list, 99).toFixed(1).padStart(8)}   ${errors}`,
      );
    }
    console.log(
      `total ${total} successful requests in ${elapsed.toFixed(0)} s: ${(total / elapsed).toFixed(1)} req/s`,
    );
    const classes = recorder.errorClasses();
    console.log(
      `errors: ${classes.degraded} degraded (502/503), ${classes.other5xx} other 5xx, ${classes.client4xx} 4xx, ${classes.network} without an answer`,
    );
    if (faults.length) console.log(`faults: ${faults.join('; ')}`);
    console.log(
      crashes.length
        ? `processes that died on their own (output in ${logPath}): ${crashes.join('; ')}`
        : 'processes that died on their own: none',
    );

    const check = await checkWrites(
      async (text, params) =>
        ((await database.executeSql(text, params)) as { rows: Record<string, unknown>[] }).rows,
      recorder,
      acknowledgedChats,
      { filesRoot: path.join(dataDir, 'files') },
    );
    console.log('\nwrites:');
    for (const line of describeCheck(check)) console.log(`  ${line}`);

    if (recorder.unknownWrites.length) {
      console.log(
        `writes answered with a 5xx (request ids, process output in ${logPath}): ${recorder.unknownWrites
          .slice(0, 20)
          .map((w) => `${w.kind} ${w.status} ${w.requestId ?? '?'}`)
          .join(', ')}`,
      );
    }
    if (recorder.unexpected.length) {
      console.log(`\n5xx other than 502/503 (process output in ${logPath}):`);
      for (const u of recorder.unexpected.slice(0, 20)) {
        console.log(
          `  ${u.status} ${u.method} ${u.url.replace(/\d+/g, ':id')} request ${u.requestId ?? '?'}: ${u.body}`,
        );
      }
    }
    console.log(`\nprocess output: ${logPath}`);
    process.exitCode = check.ok && classes.other5xx === 0 && crashes.length === 0 ? 0 : 1;
  } finally {
    running = false;
    await database.close();
    await cluster.stop();
    await redisProxy.close();
    log.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
