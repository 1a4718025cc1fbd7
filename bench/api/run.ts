/**
 * `npm run bench:api`: requests/s, p50 and p99 of POST join/login and GET core/user against
 * the real app (embedded PGlite, or DATABASE_URL when set), and of an empty Fastify route
 * on the same machine in the same run, with the ratio of each to the empty route.
 * Options: --duration SECONDS (default 5), --connections N (default 10).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../server/app';
import { issueAccessToken } from '../../server/auth/access-token';
import { hashSecret } from '../../server/auth/password';
import { loadConfig } from '../../server/config';
import { users } from '../../server/db/schema';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
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
  const empty = Fastify();
  empty.get('/empty', async () => ({ ok: true }));
  const emptyUrl = await empty.listen({ port: 0, host: '127.0.0.1' });

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'teamloop-bench-')),
    LOG_LEVEL: 'silent',
    SERVE_CLIENT: 'false',
    AUTH_RATE_LIMIT_MAX: '100000000',
  });
  const app = await buildApp({ config, logger: false });
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const [user] = await app.deps.db
    .insert(users)
    .values({
      email: `bench-${Date.now()}@example.com`,
      passwordHash: await hashSecret('bench password'),
      verifiedAt: new Date(),
    })
    .returning();
  const token = await issueAccessToken(app.deps, app.deps.db, user, 'password');

  const rows = [
    await measure('empty Fastify route', { url: `${emptyUrl}/empty` }),
    await measure('POST core/join/login', {
      url: `${appUrl}/api/v2/core/join/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'bench password' }),
    }),
    await measure('GET core/user', {
      url: `${appUrl}/api/v2/core/user`,
      headers: { authorization: `Bearer ${token}` },
    }),
  ];
  const baseline = rows[0].requestsPerSecond;
  console.log(
    `\nbench:api — ${duration} s per route, ${connections} connections, database ${app.deps.database.kind}, node ${process.version}\n`,
  );
  console.table(
    rows.map((row) => ({
      route: row.name,
      'requests/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'vs empty': `${((100 * row.requestsPerSecond) / baseline).toFixed(1)} %`,
      errors: row.errors,
    })),
  );
  await app.close();
  await empty.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
