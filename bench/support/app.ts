import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { issueAccessToken } from '../../server/auth/access-token';
import { hashSecret } from '../../server/auth/password';
import { loadConfig } from '../../server/config';
import { users } from '../../server/db/schema';
import { createPostgresDatabase } from '../../tests/support/database';

export const BENCH_PASSWORD = 'bench password';

/**
 * The real app on a fresh database (PGlite in a temporary folder, or a new database on the
 * PostgreSQL server at DATABASE_URL, dropped at `close`), listening on a free port, with one
 * verified person who owns a workspace with `tasks` in it. A database kept from run to run
 * grows by a person and a workspace each time, and with it the plans and the figures.
 */
export async function startBenchApp(options: { serveClient: boolean; tasks: string[] }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-bench-'));
  const created = process.env.DATABASE_URL
    ? await createPostgresDatabase(process.env.DATABASE_URL)
    : undefined;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: created?.url,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_CLIENT: String(options.serveClient),
    AUTH_RATE_LIMIT_MAX: '100000000',
  });
  const app = await buildApp({ config, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const [user] = await app.deps.db
    .insert(users)
    .values({
      email: `bench-${Date.now()}@example.com`,
      passwordHash: await hashSecret(BENCH_PASSWORD),
      firstName: 'Bench',
      lastName: 'Person',
      verifiedAt: new Date(),
      privacyAcceptedAt: new Date(),
      preferences: { timezone_confirmed: true },
    })
    .returning();
  const token = await issueAccessToken(app.deps, app.deps.db, user, 'password');
  const headers = { authorization: `Bearer ${token}` };
  const workspace = await app.inject({
    method: 'POST',
    url: '/api/v2/core/workspaces',
    headers,
    payload: { name: 'Chemistry 101', workspace_type: 'course' },
  });
  const workspaceId = workspace.json().resource.id as number;
  for (const name of options.tasks) {
    await app.inject({
      method: 'POST',
      url: `/api/v2/core/workspaces/${workspaceId}/tasks-by-owner`,
      headers,
      payload: { name, user_ids: [user.id], reviewer_ids: [] },
    });
  }
  // Statistics for the planner, as a database in use has them.
  await app.deps.database.executeSql('analyze');
  return {
    app,
    /** The database's URL on PostgreSQL. */
    databaseUrl: created?.url,
    url,
    user,
    token,
    headers,
    workspaceId,
    close: async () => {
      await app.close();
      await created?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
