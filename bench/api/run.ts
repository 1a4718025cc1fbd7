/**
 * `npm run bench:api`: requests/s, p50 and p99 of the app's everyday reads (the current user,
 * the workspace list, a task list, health) and of sign-in, against the real app (embedded
 * PGlite, or a fresh database on the PostgreSQL server at DATABASE_URL). Beside them, in the
 * same run on the same machine: an empty Fastify route, and a bare Fastify route that does one
 * indexed SELECT of the same user on the same database with the driver alone (node-postgres on
 * its own pool, or PGlite): the floor a database-backed route can reach, the "bare
 * Fastify route that does one indexed SELECT"; the same SELECT through Drizzle (which costs
 * about as much again); and the same SELECT prepared once, as the app's session lookup is. Each
 * route's ratio to each is printed.
 * Options: --duration SECONDS (default 5), --connections N (default 10), --rounds N (default 3).
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { BENCH_PASSWORD, startBenchApp } from '../support/app';
import { users } from '../../server/db/schema';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);

/** The columns the floors answer with, as the driver names them. */
interface UserColumns {
  id: number;
  email: string;
  first_name: string;
}

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  // A warm-up first, so compiled code, pooled connections and caches count as they would.
  await autocannon({ duration: 1, connections, ...options });
  const result = await autocannon({ duration, connections, ...options });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  const emptyServer = Fastify();
  emptyServer.get('/empty', async () => ({ ok: true }));
  const emptyUrl = await emptyServer.listen({ port: 0, host: '127.0.0.1' });

  const {
    app,
    databaseUrl,
    url: appUrl,
    user,
    headers,
    workspaceId,
    close,
  } = await startBenchApp({
    serveClient: false,
    tasks: ['Lab report', 'Reading notes', 'Poster', 'Peer review', 'Final exam'],
  });

  // The floors are bare: on PostgreSQL their own pool, without the app's statement naming
  // (server/db/client.ts), so "1 SELECT" is parsed and planned at every request as a plain
  // route's would be; on PGlite the one embedded client, without the app's PREPARE.
  const floorPool = databaseUrl
    ? new pg.Pool({ connectionString: databaseUrl, max: 10 })
    : undefined;
  const db = floorPool ? drizzle(floorPool) : app.deps.database.unprepared!;
  const bare = Fastify();
  const selectUser = 'select * from users where id = $1 limit 1';
  bare.get('/user-driver', async () => {
    const result = (await (floorPool
      ? floorPool.query(selectUser, [user.id])
      : app.deps.database.executeSql(selectUser, [user.id]))) as { rows: UserColumns[] };
    const [row] = result.rows;
    return { id: row.id, email: row.email, first_name: row.first_name };
  });
  bare.get('/user', async () => {
    const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
    return { id: row.id, email: row.email, first_name: row.firstName };
  });
  // The same SELECT prepared once (as the app's session lookup is): the floor without parsing
  // and planning at every request, printed beside the plain one.
  const preparedSelect = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('bench_floor_user');
  bare.get('/user-prepared', async () => {
    const [row] = await preparedSelect.execute({ id: user.id });
    return { id: row.id, email: row.email, first_name: row.firstName };
  });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const routes: [string, autocannon.Options][] = [
    ['empty Fastify route', { url: `${emptyUrl}/empty` }],
    ['bare Fastify + 1 SELECT', { url: `${bareUrl}/user-driver` }],
    ['bare Fastify + 1 SELECT, Drizzle', { url: `${bareUrl}/user` }],
    ['bare Fastify + 1 prepared SELECT', { url: `${bareUrl}/user-prepared` }],
    ['GET /api/v2/health', { url: `${appUrl}/api/v2/health` }],
    [
      'POST core/join/login',
      {
        url: `${appUrl}/api/v2/core/join/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: BENCH_PASSWORD }),
      },
    ],
    ['GET core/user', { url: `${appUrl}/api/v2/core/user`, headers }],
    ['GET core/workspaces', { url: `${appUrl}/api/v2/core/workspaces`, headers }],
    [
      'GET core/workspaces/:id/tasks',
      { url: `${appUrl}/api/v2/core/workspaces/${workspaceId}/tasks`, headers },
    ],
  ];
  // Every route once per round, rounds one after another, so a busy spell on a shared machine
  // falls on all routes alike; each figure is the median over the rounds.
  const measured: Row[][] = routes.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, [name, options]] of routes.entries()) {
      measured[index].push(await measure(name, options));
    }
  }
  const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[numbers.length >> 1];
  const rows = measured.map((runs) => ({
    name: runs[0].name,
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  }));
  const empty = rows[0].requestsPerSecond;
  const floor = rows[1].requestsPerSecond;
  const drizzleFloor = rows[2].requestsPerSecond;
  const preparedFloor = rows[3].requestsPerSecond;
  console.log(
    `\nbench:api — ${duration} s per route, ${rounds} rounds (median), ${connections} connections, database ${app.deps.database.kind}, node ${process.version}\n`,
  );
  console.table(
    rows.map((row) => ({
      route: row.name,
      'requests/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'vs empty': `${((100 * row.requestsPerSecond) / empty).toFixed(1)} %`,
      'vs 1 SELECT': (row.requestsPerSecond / floor).toFixed(2),
      'vs Drizzle': (row.requestsPerSecond / drizzleFloor).toFixed(2),
      'vs prepared': (row.requestsPerSecond / preparedFloor).toFixed(2),
      errors: row.errors,
    })),
  );
  await bare.close();
  await floorPool?.end();
  await close();
  await emptyServer.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
