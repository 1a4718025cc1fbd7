/**
 * `npm run bench:lists`: the first page of long lists. Seeds 10,000 tasks in one workspace and a
 * person in 10,000 workspaces, on a fresh database of the PostgreSQL server at DATABASE_URL
 * (dropped afterwards), otherwise on PGlite, then prints the latency (p50, p99) of the first
 * page of the task list and of the workspace list, and the queries each request makes (a
 * Drizzle logger counts them), beside `GET core/user`.
 * Options: --rows N (default 10000), --requests N per route (default 200).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app';
import { issueAccessToken } from '../../server/auth/access-token';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import {
  taskAssignments,
  tasks,
  users,
  workspaceMembers,
  workspaces,
} from '../../server/db/schema';
import type { App } from '../../server/http/types';
import { createPostgresDatabase } from '../../tests/support/database';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '200' },
  },
});
const rowCount = Number(values.rows);
const requestCount = Number(values.requests);

let queries = 0;
const logger = { logQuery: () => void (queries += 1) };

const chunks = <T>(items: T[], size = 1000) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-bench-lists-'));
  const created = process.env.DATABASE_URL
    ? await createPostgresDatabase(process.env.DATABASE_URL)
    : null;
  const database = await openDatabase({ databaseUrl: created?.url, dataDir, logger });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVE_CLIENT: 'false',
    // Each route is asked the same page 200 times: measure reading it, not serving a kept copy.
    RESPONSE_CACHE_MB: '0',
  });
  const app = await buildApp({ config, logger: false, database });
  try {
    await run(app, database);
  } finally {
    await app.close();
    await database.close();
    await created?.drop();
  }
}

async function run(app: App, database: DatabaseHandle) {
  const { db } = database;

  const [owner, member] = await db
    .insert(users)
    .values(
      ['owner', 'member'].map((who) => ({
        email: `bench-${who}-${Date.now()}@example.com`,
        firstName: who,
        verifiedAt: new Date(),
      })),
    )
    .returning();
  const [workspace] = await db
    .insert(workspaces)
    .values({ name: 'Many tasks', workspaceType: 'course', createdBy: owner.id })
    .returning();
  await db.insert(workspaceMembers).values([
    { workspaceId: workspace.id, userId: owner.id, role: 'owner' },
    { workspaceId: workspace.id, userId: member.id, role: 'member' },
  ]);
  const day = 86_400_000;
  const start = Date.now() - rowCount * 60_000;
  const taskIds: number[] = [];
  for (const chunk of chunks([...Array(rowCount).keys()])) {
    const rows = await db
      .insert(tasks)
      .values(
        chunk.map((i) => ({
          workspaceId: workspace.id,
          type: 'owner' as const,
          name: `Task ${i}`,
          createdBy: owner.id,
          createdAt: new Date(start + i * 60_000),
          expiredAt: i % 3 === 0 ? null : new Date(start + (i % 90) * day),
        })),
      )
      .returning({ id: tasks.id });
    taskIds.push(...rows.map((r) => r.id));
  }
  for (const chunk of chunks(taskIds)) {
    await db.insert(taskAssignments).values(chunk.map((taskId) => ({ taskId, userId: member.id })));
  }
  for (const chunk of chunks([...Array(rowCount).keys()])) {
    const rows = await db
      .insert(workspaces)
      .values(
        chunk.map((i) => ({
          name: `Workspace ${i}`,
          workspaceType: 'course' as const,
          createdBy: owner.id,
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ id: workspaces.id });
    await db
      .insert(workspaceMembers)
      .values(rows.map((r) => ({ workspaceId: r.id, userId: owner.id, role: 'owner' as const })));
  }
  await database.executeSql('analyze');

  const ownerToken = await issueAccessToken(app.deps, db, owner, 'password');
  const memberToken = await issueAccessToken(app.deps, db, member, 'password');
  const routes: [string, string, string][] = [
    ['GET core/user', '/api/v2/core/user', ownerToken],
    ['GET core/workspaces (10k)', '/api/v2/core/workspaces', ownerToken],
    [
      'GET core/workspaces?sort=name (10k)',
      '/api/v2/core/workspaces?sort=name&direction=asc',
      ownerToken,
    ],
    ['task list, owner (10k)', `/api/v2/core/workspaces/${workspace.id}/tasks`, ownerToken],
    [
      'task list, owner, by due date',
      `/api/v2/core/workspaces/${workspace.id}/tasks?sort=expired_at&direction=asc`,
      ownerToken,
    ],
    [
      'task list, owner, by % handed in',
      `/api/v2/core/workspaces/${workspace.id}/tasks?sort=submitted_percentage`,
      ownerToken,
    ],
    ['task list, member (10k)', `/api/v2/core/workspaces/${workspace.id}/tasks`, memberToken],
  ];
  const table = [];
  for (const [name, url, token] of routes) {
    const headers = { authorization: `Bearer ${token}` };
    const first = await app.inject({ method: 'GET', url, headers });
    if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
    queries = 0;
    await app.inject({ method: 'GET', url, headers });
    const perRequest = queries;
    const times: number[] = [];
    for (let i = 0; i < requestCount; i += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode}`);
    }
    times.sort((a, b) => a - b);
    const resource = first.json().resource as Record<string, unknown[]>;
    const items = resource.tasks ?? resource.workspaces ?? null;
    table.push({
      route: name,
      'rows in answer': items?.length ?? '—',
      queries: perRequest,
      'p50 ms': times[Math.floor(times.length * 0.5)].toFixed(1),
      'p99 ms': times[Math.floor(times.length * 0.99)].toFixed(1),
    });
  }
  console.log(
    `\nbench:lists — ${rowCount} tasks in one workspace, one person in ${rowCount} workspaces, ${requestCount} requests per route one after another (app.inject), database ${database.kind}, node ${process.version}\n`,
  );
  console.table(table);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
