import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBackups } from '@server/db/backups';
import { openDatabase } from '@server/db/client';
import {
  runNpmScript,
  spawnServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import {
  attachFile,
  embeddedEnv,
  missingFrom,
  PASSWORD,
  seedPeople,
  sendMessage,
  setUp,
  signUp,
  type Acknowledged,
  type People,
  type Seed,
} from './embedded-support';

/**
 * Backups of the embedded database (DATA_DIR/backups) and `npm run db:restore`, with real
 * processes: a backup restores into a fresh DATA_DIR and serves the same data; a database that
 * cannot be opened is explained in words and restored from the newest backup; migrations are
 * preceded by a backup when there are any to run.
 */
const env = embeddedEnv();
const dataDir = env.DATA_DIR;
const fresh = mkdtempSync(path.join(tmpdir(), 'teamloop-restored-'));
const running: ServerProcess[] = [];
let people: People;
let seeded: Seed;
const kept: Acknowledged = { signUps: [], messages: [], files: [] };

beforeAll(async () => {
  people = await seedPeople(env);
}, 180_000);
afterAll(() => {
  for (const server of running) server.child.kill('SIGKILL');
  for (const dir of [dataDir, fresh]) rmSync(dir, { recursive: true, force: true });
});

async function start(on: Record<string, string>) {
  const server = await startServerProcess(on);
  running.push(server);
  return server;
}

describe('backups of the embedded database', () => {
  it('restores into a fresh DATA_DIR, which then serves the same data', async () => {
    const server = await start(env);
    seeded = await setUp(server.url, people);
    expect(await signUp(server.url, 'kept@example.com')).toBe(201);
    kept.signUps.push('kept@example.com');
    const message = await sendMessage(server.url, seeded.memberTokens[0], seeded.chatId, 'kept');
    kept.messages.push(message!);
    expect(await attachFile(server.url, seeded.ownerToken, seeded.taskId, 'kept.pdf')).toBe(200);
    kept.files.push('kept.pdf');
    const backup = await runNpmScript('db:backup', [], env);
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    const file = /Backed up to (\S+)/.exec(backup.stdout)![1];
    await server.stop();

    const elsewhere = { ...env, DATA_DIR: fresh };
    const restore = await runNpmScript('db:restore', [file], elsewhere);
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stdout).toContain(`Restored ${file}`);
    const restored = await start(elsewhere);
    const signIn = await fetch(`${restored.url}/api/v2/core/join/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seeded.emails[1], password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const history = await fetch(
      `${restored.url}/api/v2/messaging/messages?chat_id=${seeded.chatId}`,
      { headers: { authorization: `Bearer ${seeded.memberTokens[1]}` } },
    );
    expect(history.status).toBe(200);
    const texts = (await history.json()).resource.messages.map((m: { text: string }) => m.text);
    expect(texts).toContain('kept');
    await restored.stop();
    expect(await missingFrom(fresh, kept)).toEqual({ signUps: [], messages: [], files: [] });
  }, 300_000);

  it('says in words when the database cannot be opened, and db:restore brings it back', async () => {
    rmSync(path.join(dataDir, 'pglite', 'global', 'pg_control'));
    const broken = spawnServerProcess(env);
    expect(await broken.exited).toBe(1);
    const [newest] = listBackups(dataDir);
    expect(broken.output()).toContain(`${path.join(dataDir, 'pglite')} cannot be opened`);
    expect(broken.output()).toContain(`The newest backup is ${newest.file}`);
    expect(broken.output()).toContain('npm run db:restore');
    expect(broken.output()).not.toMatch(/\n\s+at /);

    const restore = await runNpmScript('db:restore', [], env);
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stdout).toContain(`Restored ${newest.file}`);
    // The directory that did not open is kept beside, not deleted.
    expect(
      readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-')),
    ).toEqual([expect.any(String)]);
    const server = await start(env);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await server.stop();
    expect(await missingFrom(dataDir, kept)).toEqual({ signUps: [], messages: [], files: [] });
  }, 300_000);

  it('backs up before migrations, only when there are some to run', async () => {
    const before = listBackups(dataDir).length;
    await (await openDatabase({ dataDir })).close();
    expect(listBackups(dataDir)).toHaveLength(before);

    // As after an upgrade that brings a migration: the last one not yet applied.
    const database = await openDatabase({ dataDir });
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    await database.close();
    // The migration then runs again on a database that has it: it may fail, in its
    // transaction; the backup is taken before either way.
    await openDatabase({ dataDir }).then(
      (opened) => opened.close(),
      () => undefined,
    );
    const [newest] = listBackups(dataDir);
    expect(newest.reason).toBe('before-migration');
    expect(existsSync(newest.file)).toBe(true);
  }, 300_000);
});
