import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@server/db/client';

const databaseUrls = new WeakMap<object, string>();

/**
 * Another handle on a test database, as a second API process would hold: its own connection
 * pool on PostgreSQL. An in-memory PGlite lives in this process only, so it is shared (and
 * closing the returned handle leaves it open).
 */
export async function openAnotherHandle(first: DatabaseHandle): Promise<DatabaseHandle> {
  const url = databaseUrls.get(first.db);
  if (!url) return { ...first, close: async () => undefined };
  return openDatabase({ databaseUrl: url, dataDir: mkdtempSync(path.join(tmpdir(), 'teamloop-')) });
}

/**
 * A fresh database for one test file: a new PostgreSQL database on TEST_DATABASE_URL's server
 * when it is set (CI), otherwise an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-test-'));
  if (!serverUrl) return openDatabase({ dataDir, inMemory: true });

  const created = await createPostgresDatabase(serverUrl, process.env.TEST_TEMPLATE_DATABASE);
  const handle = await openDatabase({ databaseUrl: created.url, dataDir });
  databaseUrls.set(handle.db, created.url);
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

/**
 * A new database on a PostgreSQL server, and the way to drop it: empty, or a copy of an
 * already migrated template (tests/support/template-database.ts).
 */
export async function createPostgresDatabase(serverUrl: string, template?: string) {
  const name = `teamloop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, empty database for an app in another process: a PostgreSQL URL when
 * TEST_DATABASE_URL is set, otherwise no URL (the process opens PGlite in its DATA_DIR).
 */
export async function createTestDatabaseUrl(): Promise<{ url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { drop: async () => undefined };
  return createPostgresDatabase(serverUrl);
}
