import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { keyIdOf } from '@server/auth/signing-keys';
import { lockDataDir } from '@server/db/data-dir-lock';
import { createPostgresDatabase } from '../support/database';
import { runNpmScript } from '../support/server-process';

/**
 * `npm run secret:rotate` (issue 36): a new signing secret in the database; refused while a
 * server owns the embedded DATA_DIR, and when JWT_SECRET is set (the database's are unused).
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;

describe('npm run secret:rotate', () => {
  it.skipIf(!SERVER_URL)(
    'adds a secret that signs from now on, the first kept',
    async () => {
      const created = await createPostgresDatabase(SERVER_URL!);
      try {
        const env = {
          DATABASE_URL: created.url,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tl-')),
        };
        const rotated = await runNpmScript('secret:rotate', [], env);
        expect(rotated, rotated.stderr).toMatchObject({ code: 0 });
        const client = new pg.Client({ connectionString: created.url });
        await client.connect();
        const { rows } = await client.query<{ secret: string }>(
          'select secret from signing_secrets order by created_at desc, id desc',
        );
        await client.end();
        expect(rows).toHaveLength(2);
        const [newest, first] = rows.map((row) => keyIdOf(row.secret));
        expect(rotated.stdout).toContain(
          `Signing key ${newest} now signs; ${first} still verifies`,
        );
      } finally {
        await created.drop();
      }
    },
    120_000,
  );

  it('refuses an embedded DATA_DIR that a running server owns, and JWT_SECRET set', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-rotate-'));
    const lock = lockDataDir(dataDir, 'npm start');
    lock.announce({
      adminUrl: 'http://127.0.0.1:9',
      adminToken: 'token-of-the-server',
      appUrl: 'http://localhost:3000',
    });
    try {
      const refused = await runNpmScript('secret:rotate', [], { DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is open in a running server: stop it');
      // Nothing was opened beside the server.
      expect(readdirSync(dataDir)).toEqual(['pglite.lock']);
    } finally {
      lock.release();
    }
    const withSecret = await runNpmScript('secret:rotate', [], {
      DATA_DIR: dataDir,
      JWT_SECRET: 'a-secret-long-enough-for-hs256-signing-here',
    });
    expect(withSecret.code).toBe(1);
    expect(withSecret.stderr).toContain('JWT_SECRET is set');
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
