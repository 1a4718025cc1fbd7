import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import { chatMessages } from '@server/db/schema';
import { createPostgresDatabase } from '../support/database';
import { createWorkspace } from '../support/factories';
import { hasPgBouncer, startPgBouncer } from '../support/pgbouncer';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const why = !SERVER_URL
  ? 'needs TEST_DATABASE_URL (PostgreSQL)'
  : !hasPgBouncer()
    ? 'needs /usr/sbin/pgbouncer (apt-get install -y pgbouncer)'
    : undefined;
if (why) console.warn(`pgbouncer.test.ts skipped: ${why}`);

/**
 * Behind PgBouncer in transaction mode (Debian's, before 1.21: no prepared statements across
 * server connections) with DATABASE_PREPARED_STATEMENTS=false: migrations, sign-in, the daily
 * reads and concurrent writes, and the job queue all work over two server connections.
 */
describe.skipIf(why)('behind PgBouncer in transaction mode', () => {
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>>;
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    bouncer = await startPgBouncer(SERVER_URL!, 2);
    created = await createPostgresDatabase(SERVER_URL!);
    const name = new URL(created.url).pathname.slice(1);
    database = await openDatabase({
      databaseUrl: bouncer.urlFor(name),
      dataDir: mkdtempSync(path.join(tmpdir(), 'teamloop-bouncer-')),
      poolMax: 6,
      preparedStatements: false,
    });
    t = await createTestApp(
      { DATABASE_PREPARED_STATEMENTS: 'false', DATABASE_POOL_MAX: '6' },
      { sharedDatabase: database },
    );
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await bouncer?.stop();
    await created?.drop();
  });

  it('signs in, reads and writes concurrently without a prepared-statement error', async () => {
    const made = await createWorkspace(t, { members: { member: 2 } });
    const [ben, cam] = made.people.member;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: made.owner.user.email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/v2/messaging/chats/group-chat',
      headers: bearer(made.owner.token),
      payload: {
        name: 'Pool',
        user_ids: [ben.user.id, cam.user.id],
        workspace_id: made.workspace.id,
      },
    });
    expect(group.statusCode).toBe(201);
    const chatId = group.json().resource.chat.id as number;

    const people = [made.owner, ben, cam];
    // The same statements again and again from several pool connections: with named
    // statements, a second connection's parse of a name another prepared fails here.
    const calls = Array.from({ length: 60 }, (_, i) => {
      const who = people[i % 3];
      if (i % 3 === 0) {
        return t.app.inject({
          method: 'POST',
          url: '/api/v2/messaging/messages',
          headers: bearer(who.token),
          payload: { chat_id: chatId, text: `message ${i}` },
        });
      }
      const url = i % 3 === 1 ? '/api/v2/messaging/chats' : '/api/v2/core/user';
      return t.app.inject({ method: 'GET', url, headers: bearer(who.token) });
    });
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 300)).toEqual([]);
    const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(stored.filter((m) => m.text?.startsWith('message '))).toHaveLength(20);
  });

  it('readiness answers through the pooler', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });
});
