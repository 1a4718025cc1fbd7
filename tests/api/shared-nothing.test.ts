import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSigningSecret } from '@server/auth/signing-keys';
import { openDatabase } from '@server/db/client';
import { signingSecrets } from '@server/db/schema';
import { createPostgresDatabase } from '../support/database';
import { bearer, createSecondApp, createTestApp, type TestApp } from '../support/test-app';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const migrationsFolder = path.resolve(__dirname, '../../server/db/migrations');

describe('migrations under an advisory lock', () => {
  it.skipIf(!SERVER_URL)(
    'two processes starting together on one empty database both come up, migrating once',
    async () => {
      const created = await createPostgresDatabase(SERVER_URL!);
      try {
        const open = () =>
          openDatabase({
            databaseUrl: created.url,
            dataDir: mkdtempSync(path.join(tmpdir(), 'teamloop-migrate-')),
          });
        const handles = await Promise.all([open(), open(), open()]);
        for (const handle of handles) expect(await handle.ping()).toBe(true);
        const client = new pg.Client({ connectionString: created.url });
        await client.connect();
        const { rows } = await client.query<{ hash: string }>(
          'select hash from drizzle.__drizzle_migrations order by id',
        );
        await client.end();
        const files = readMigrationFiles({ migrationsFolder });
        expect(rows.map((r) => r.hash)).toEqual(files.map((m) => m.hash));
        await Promise.all(handles.map((h) => h.close()));
      } finally {
        await created.drop();
      }
    },
  );
});

describe('one signing secret, generated into the database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ JWT_SECRET: '' });
    b = await createSecondApp(a, { JWT_SECRET: '' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const me = (t: TestApp, token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v2/core/user', headers: bearer(token) });

  it('is generated once, so a token from one process is accepted by the other', async () => {
    const rows = await a.db.select().from(signingSecrets);
    expect(rows).toHaveLength(1);
    expect(a.app.deps.config.JWT_SECRET).toBe(rows[0].secret);
    expect(b.app.deps.config.JWT_SECRET).toBe(rows[0].secret);
    const { token } = await a.createUser();
    expect((await me(b, token)).statusCode).toBe(200);
    expect((await me(a, 'x' + token)).statusCode).toBe(401);
  });

  it('after a rotation, tokens of the previous key stay valid and the new key is learnt', async () => {
    const { token: before } = await a.createUser();
    await rotateSigningSecret(a.db);
    // A process started after the rotation signs with the new key ...
    const c = await createSecondApp(a, { JWT_SECRET: '' });
    try {
      const { token: after } = await c.createUser();
      expect(after.split('.')[0]).not.toBe(before.split('.')[0]);
      // ... accepts what the previous key signed ...
      expect((await me(c, before)).statusCode).toBe(200);
      // ... and a process started before learns the new key from the database at its first token.
      expect((await me(a, after)).statusCode).toBe(200);
      expect((await me(b, after)).statusCode).toBe(200);
    } finally {
      await c.close();
    }
  });
});

describe('rotation with JWT_SECRET', () => {
  const OLD = 'the-old-secret-that-is-long-enough-for-hs256-signing';
  const NEW = 'the-new-secret-that-is-long-enough-for-hs256-signing';
  let old: TestApp;
  beforeAll(async () => {
    old = await createTestApp({ JWT_SECRET: OLD });
  });
  afterAll(() => old?.close());

  it('keeps tokens of JWT_SECRET_PREVIOUS valid until they expire, and no other key', async () => {
    const { token } = await old.createUser();
    const rotated = await createSecondApp(old, { JWT_SECRET: NEW, JWT_SECRET_PREVIOUS: OLD });
    const stranger = await createSecondApp(old, { JWT_SECRET: NEW });
    try {
      const url = '/api/v2/core/user';
      expect((await rotated.app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
      expect((await stranger.app.inject({ url, headers: bearer(token) })).statusCode).toBe(401);
      // Nothing was generated into the database while JWT_SECRET is set.
      expect(await old.db.select().from(signingSecrets)).toHaveLength(0);
    } finally {
      await rotated.close();
      await stranger.close();
    }
  });
});
