import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DataDirInUseError,
  dataDirOwner,
  LOCK_FILE,
  lockDataDir,
} from '../../server/db/data-dir-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'teamloop-lock-'));
  dirs.push(dir);
  return dir;
}

const lockFile = (dir: string) => path.join(dir, LOCK_FILE);

function writeLock(dir: string, owner: Record<string, unknown>) {
  writeFileSync(
    lockFile(dir),
    JSON.stringify({ command: 'npm start', startedAt: '2025-01-01T00:00:00.000Z', ...owner }),
  );
}

/** A process that stays alive until the test ends. */
async function liveProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  children.push(child);
  await once(child, 'spawn');
  return child.pid!;
}

async function deadPid() {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

describe('DATA_DIR lock', () => {
  it('is taken once: a second taker in this process is refused, and release frees it', () => {
    const dir = dataDir();
    const lock = lockDataDir(dir, 'first');
    expect(() => lockDataDir(dir, 'second')).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir, 'second')).toThrow(`in use by process ${process.pid} (first`);
    expect(statSync(lockFile(dir)).mode & 0o777).toBe(0o600);
    lock.release();
    expect(existsSync(lockFile(dir))).toBe(false);
    lockDataDir(dir, 'again').release();
  });

  it('refuses while another live process holds it, naming it and where it serves', async () => {
    const dir = dataDir();
    const pid = await liveProcess();
    writeLock(dir, {
      pid,
      nonce: 'a',
      appUrl: 'http://teams.example',
      adminUrl: 'http://127.0.0.1:4000',
    });
    let refusal: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    expect((refusal as Error).message).toContain(
      `in use by process ${pid} (npm start, serving http://teams.example, listening at http://127.0.0.1:4000`,
    );
    expect(dataDirOwner(dir)?.pid).toBe(pid);
    // The refused taker left the lock as it was.
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(pid);
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = dataDir();
    writeLock(dir, { pid: await deadPid(), nonce: 'gone' });
    expect(dataDirOwner(dir)).toBeUndefined();
    const lock = lockDataDir(dir, 'taker');
    expect(dataDirOwner(dir)).toMatchObject({ pid: process.pid, command: 'taker' });
    lock.release();
  });

  it('takes over a lock whose process id now belongs to another process', async () => {
    const dir = dataDir();
    // Alive, but started at another time than the lock says: the id was reused.
    writeLock(dir, { pid: await liveProcess(), nonce: 'reused', processStart: '1' });
    const lock = lockDataDir(dir);
    expect(dataDirOwner(dir)?.pid).toBe(process.pid);
    lock.release();
    // This process's own id in a lock it does not hold (a restarted container's pid 1).
    writeLock(dir, { pid: process.pid, nonce: 'before-restart' });
    lockDataDir(dir).release();
  });

  it('takes over a lock file that is not a lock', () => {
    const dir = dataDir();
    writeFileSync(lockFile(dir), 'not json');
    // Left there a while ago (one being written this instant is read again, not taken).
    utimesSync(lockFile(dir), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    lockDataDir(dir).release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('announces where the server listens, and releases only its own lock', async () => {
    const dir = dataDir();
    const lock = lockDataDir(dir, 'npm start');
    lock.announce({ adminUrl: 'http://127.0.0.1:4100', adminToken: 'secret', appUrl: 'http://a' });
    expect(dataDirOwner(dir)).toMatchObject({
      pid: process.pid,
      adminUrl: 'http://127.0.0.1:4100',
      adminToken: 'secret',
    });
    expect(statSync(lockFile(dir)).mode & 0o777).toBe(0o600);
    // Someone else holds it now (this process was taken for dead): it stays theirs.
    const pid = await liveProcess();
    writeLock(dir, { pid, nonce: 'theirs' });
    lock.release();
    expect(dataDirOwner(dir)?.pid).toBe(pid);
  });
});
