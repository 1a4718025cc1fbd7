import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { chatMessages, signingSecrets } from '@server/db/schema';
import { createPostgresDatabase } from '../support/database';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp } from '../support/test-app';

const run = promisify(execFile);
const SERVER_URL = process.env.TEST_DATABASE_URL;
const why = !SERVER_URL
  ? 'needs TEST_DATABASE_URL (PostgreSQL)'
  : !existsSync('/usr/bin/pg_dump')
    ? 'needs pg_dump and pg_restore (apt-get install -y postgresql-client)'
    : undefined;

/**
 * docs/operations/backups.md on PostgreSQL: `pg_dump -Fc` of a database in use, `pg_restore`
 * into a fresh, empty database, and the app on the restored one reads what was there and
 * accepts the tokens signed before (the signing secret is in the database).
 */
describe.skipIf(why)('PostgreSQL backup and restore', () => {
  it('restores a pg_dump into a fresh database that the app then serves', async () => {
    const source = await createPostgresDatabase(SERVER_URL!);
    const target = await createPostgresDatabase(SERVER_URL!);
    const dir = mkdtempSync(path.join(tmpdir(), 'teamloop-pgdump-'));
    const dump = path.join(dir, 'teamloop.dump');
    try {
      const first = await openDatabase({ databaseUrl: source.url, dataDir: dir });
      const before = await createTestApp({ JWT_SECRET: '' }, { sharedDatabase: first });
      const { owner, people } = await createWorkspace(before, { members: { member: 1 } });
      const chat = await before.app.inject({
        method: 'POST',
        url: '/api/v2/messaging/chats/user-chat',
        headers: bearer(owner.token),
        payload: { user_id: people.member[0].user.id },
      });
      const chatId = chat.json().resource.chat.id as number;
      const sent = await before.app.inject({
        method: 'POST',
        url: '/api/v2/messaging/messages',
        headers: bearer(owner.token),
        payload: { chat_id: chatId, text: 'kept by the backup' },
      });
      expect(sent.statusCode).toBe(201);
      // Taken while the app runs: pg_dump reads one consistent snapshot.
      await run('pg_dump', ['-Fc', '--no-owner', '-f', dump, source.url]);
      await before.close();
      await first.close();

      await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', target.url, dump]);
      const restored = await openDatabase({ databaseUrl: target.url, dataDir: dir });
      const after = await createTestApp({ JWT_SECRET: '' }, { sharedDatabase: restored });
      try {
        expect(await after.db.select().from(signingSecrets)).toHaveLength(1);
        const list = await after.app.inject({
          url: `/api/v2/messaging/chats/${chatId}/messages`,
          headers: bearer(owner.token),
        });
        const stored = await after.db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.chatId, chatId));
        expect(stored.map((m) => m.text)).toContain('kept by the backup');
        const me = await after.app.inject({
          url: '/api/v2/core/user',
          headers: bearer(owner.token),
        });
        expect(me.statusCode).toBe(200);
        expect(list.statusCode).toBeLessThan(500);
      } finally {
        await after.close();
        await restored.close();
      }
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 150_000);
});
