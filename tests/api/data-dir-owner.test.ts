import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '@server/db/client';
import { LOCK_FILE } from '@server/db/data-dir-lock';
import { users } from '@server/db/schema';
import {
  runNpmScript,
  spawnServerProcess,
  startServerProcess,
  type ServerProcess,
} from '../support/server-process';
import {
  embeddedEnv,
  lockOf,
  missingFrom,
  seedPeople,
  signUp,
  type People,
} from './embedded-support';

/**
 * One process owns a DATA_DIR's embedded database (issue 27: a script opened it beside the
 * server and destroyed it). Real processes on PGlite: a second server is refused and the first
 * keeps serving; the README's commands go through the running server or refuse; a lock left by
 * a killed process is taken over.
 */
const env = embeddedEnv();
const dataDir = env.DATA_DIR;
let people: People;
const running: ServerProcess[] = [];

beforeAll(async () => {
  people = await seedPeople(env);
}, 120_000);
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function userRow(email: string) {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return row;
  } finally {
    await database.close();
  }
}

describe('one owner per DATA_DIR', () => {
  it('refuses a second server at once, naming the first, which keeps serving', async () => {
    const first = await startServerProcess(env);
    running.push(first);
    // The lock gets the admin address once the server listens; on a busy machine a moment later.
    await vi.waitFor(
      () => expect(lockOf(dataDir)).toMatchObject({ pid: first.child.pid, adminUrl: first.url }),
      { timeout: 10_000 },
    );

    const second = spawnServerProcess(env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by process ${first.child.pid}`);
    expect(second.output()).toContain(`listening at ${first.url}`);
    // In words, not a stack.
    expect(second.output()).not.toMatch(/\n\s+at /);

    const emails = ['after-refusal-1@example.com', 'after-refusal-2@example.com'];
    for (const email of emails) expect(await signUp(first.url, email)).toBe(201);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    await first.stop();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(await missingFrom(dataDir, { signUps: emails, messages: [], files: [] })).toEqual({
      signUps: [],
      messages: [],
      files: [],
    });
  }, 240_000);

  it('runs the README commands through the running server, and refuses db:restore', async () => {
    const server = await startServerProcess(env);
    running.push(server);
    // All at once, as an operator in several terminals would.
    const [supervisor, nobody, badEmail, dead, backup, restore, teams] = await Promise.all([
      runNpmScript('user:supervisor', [people.emails[1]], env),
      runNpmScript('user:supervisor', ['nobody@example.com'], env),
      runNpmScript('user:supervisor', ['not-an-address'], env),
      runNpmScript('jobs:dead', [], env),
      runNpmScript('db:backup', [], env),
      runNpmScript('db:restore', [], env),
      runNpmScript('teams:form', ['--in', 'tests/fixtures/teamformation/sample.json'], env),
    ]);
    expect(supervisor, supervisor.stderr).toMatchObject({ code: 0 });
    expect(supervisor.stdout).toMatch(/is now a supervisor/);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/No account uses nobody@example.com/);
    expect(badEmail.code).toBe(2);
    expect(dead, dead.stderr).toMatchObject({ code: 0 });
    expect(dead.stderr).toMatch(/No job is in the dead-letter list/);
    expect(backup, backup.stderr).toMatchObject({ code: 0 });
    const file = /Backed up to (\S+)/.exec(backup.stdout)![1];
    expect(existsSync(file)).toBe(true);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`in use by process ${server.child.pid}`);
    // teams:form never opens the database: it reads a cohort and prints teams.
    expect(teams, teams.stderr).toMatchObject({ code: 0 });
    expect(JSON.parse(teams.stdout).teams.flat()).toHaveLength(14);

    for (const i of [1, 2, 3]) expect(await signUp(server.url, `while-${i}@example.com`)).toBe(201);
    await server.stop();
    expect(await userRow(people.emails[1])).toMatchObject({
      role: 'supervisor',
      twoFactorRequired: true,
    });
    expect(
      await missingFrom(dataDir, {
        signUps: ['while-1@example.com', 'while-2@example.com', 'while-3@example.com'],
        messages: [],
        files: [],
      }),
    ).toMatchObject({ signUps: [] });
  }, 240_000);

  it('takes over a lock whose process is gone, from a command and from the server', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    const stale = JSON.stringify({
      pid: gone.pid,
      command: 'npm start',
      startedAt: new Date().toISOString(),
      nonce: 'stale',
      adminUrl: 'http://127.0.0.1:9',
      adminToken: 'stale',
    });
    writeFileSync(path.join(dataDir, LOCK_FILE), stale, { mode: 0o600 });

    // With no live server the command opens the database itself.
    const direct = await runNpmScript('user:supervisor', [people.emails[2]], env);
    expect(direct, direct.stderr).toMatchObject({ code: 0 });
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(await userRow(people.emails[2])).toMatchObject({ role: 'supervisor' });

    writeFileSync(path.join(dataDir, LOCK_FILE), stale, { mode: 0o600 });
    const server = await startServerProcess(env);
    running.push(server);
    expect(lockOf(dataDir).pid).toBe(server.child.pid);
    expect(await signUp(server.url, 'after-takeover@example.com')).toBe(201);
    await server.stop();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 240_000);
});
