import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../support/database';

const script = fileURLToPath(new URL('../support/jobs-process.ts', import.meta.url));

/** The app as a real process on the given database (see tests/support/jobs-process.ts). */
function startApp(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForFile(file: string, exited: Promise<unknown>) {
  let gone = false;
  void exited.then(() => (gone = true));
  const giveUp = Date.now() + 60_000;
  while (!existsSync(file)) {
    if (gone) throw new Error('The app stopped before its handler ran.');
    if (Date.now() > giveUp) throw new Error(`${file} never appeared.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a job whose process dies while its handler runs', () => {
  let database: { url?: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabaseUrl();
  });
  afterAll(() => database.drop());

  it('runs again after restart, and its effect happens exactly once', async () => {
    const env = {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'teamloop-jobs-')),
      DATABASE_URL: database.url ?? '',
      SMTP_URL: '',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      JOBS_LEASE_SECONDS: '2',
      JOBS_POLL_SECONDS: '0.5',
      JOBS_RETRY_DELAY_SECONDS: '1',
    };
    const first = startApp({ ...env, JOBS_TEST_STEP: 'first' });
    await waitForFile(path.join(env.DATA_DIR, 'mail-written'), first.exited);
    first.child.kill('SIGKILL');
    await first.exited;

    const again = startApp({ ...env, JOBS_TEST_STEP: 'again' });
    const code = await again.exited;
    const { stdout, stderr } = again.output();
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ mails: 1, notifications: 1 });
  }, 120_000);
});
