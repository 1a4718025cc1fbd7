import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * One process owns a DATA_DIR's embedded database. PGlite takes no lock of its own, and two
 * processes writing one directory destroy it (issue 27), so its owner keeps `pglite.lock`
 * there: its process id, what it runs, and once it serves, where scripts reach it and the
 * token they show (so the file is the owner's alone, mode 0600). A lock whose process is gone
 * (killed, crashed) is taken over. See docs/decisions/embedded-database.md.
 */
export const LOCK_FILE = 'pglite.lock';

export interface DataDirOwner {
  pid: number;
  /** What the owner runs, for the refusal: `npm start`, `npm run user:supervisor`, ... */
  command: string;
  startedAt: string;
  /** The kernel's start time of `pid` (Linux), so a reused process id is not taken for it. */
  processStart?: string;
  /** Set by a serving owner: its loopback address for admin calls, and their token. */
  adminUrl?: string;
  adminToken?: string;
  /** Where people reach it (APP_URL), for messages. */
  appUrl?: string;
  /** Tells this lock from an earlier one of the same process. */
  nonce: string;
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Tells scripts how to reach the serving owner (written atomically over the lock). */
  announce(serving: { adminUrl?: string; adminToken: string; appUrl: string }): void;
  release(): void;
}

/** A second opener's refusal: names the process that holds the directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner,
  ) {
    const serving = [
      owner.appUrl && `serving ${owner.appUrl}`,
      owner.adminUrl && `listening at ${owner.adminUrl}`,
    ].filter(Boolean);
    super(
      `The data directory ${dataDir} is in use by process ${owner.pid} ` +
        `(${[owner.command, ...serving, `since ${owner.startedAt}`].join(', ')}). ` +
        'Its embedded database has one owner at a time: stop that process first, ' +
        'or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Locks held by this process (file → nonce): a second open here is refused as well. */
const heldHere = new Map<string, string>();

/**
 * Takes DATA_DIR's lock or throws DataDirInUseError naming its live owner. The lock file is
 * written in full and then linked into place, which fails when one exists: readers never see
 * a half-written lock, and of two openers one wins.
 */
export function lockDataDir(dataDir: string, command = currentCommand()): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const owner: DataDirOwner = {
    pid: process.pid,
    command,
    startedAt: new Date().toISOString(),
    processStart: processStartTime(process.pid),
    nonce: randomBytes(8).toString('hex'),
  };
  if (heldHere.has(file)) throw new DataDirInUseError(dataDir, readOwner(file) ?? owner);
  const giveUp = Date.now() + 5_000;
  while (!linkNew(file, owner)) {
    if (Date.now() > giveUp) {
      throw new Error(`Could not take over the stale lock ${file}; remove it by hand.`);
    }
    const existing = readLock(file); // undefined: released meanwhile, try again
    if (existing?.owner && isAlive(existing.owner)) {
      throw new DataDirInUseError(dataDir, existing.owner);
    }
    if (existing && !existing.owner && Date.now() - (statSafe(file)?.mtimeMs ?? 0) < 2_000) {
      pause(20); // being written (see createNew): read it again
    } else if (existing) {
      takeOver(file, existing.text);
    }
  }
  heldHere.set(file, owner.nonce);
  let current = owner;
  const releaseAtExit = () => lock.release();
  process.once('exit', releaseAtExit);
  const lock: DataDirLock = {
    dataDir,
    announce(serving) {
      current = { ...current, ...serving };
      const next = `${file}.${process.pid}.new`;
      writeDurably(next, current);
      renameSync(next, file);
    },
    release() {
      if (!heldHere.delete(file)) return;
      process.removeListener('exit', releaseAtExit);
      // Only our own lock: a takeover after this process was thought dead is someone else's.
      if (readOwner(file)?.nonce === current.nonce) unlinkQuietly(file);
    },
  };
  return lock;
}

/** The live process holding DATA_DIR's lock, if any (scripts ask before opening). */
export function dataDirOwner(dataDir: string): DataDirOwner | undefined {
  const owner = readOwner(path.join(dataDir, LOCK_FILE));
  return owner && isAlive(owner) ? owner : undefined;
}

/** `npm start`, `npm run jobs:dead`, or the script's file name. */
function currentCommand(): string {
  const script = process.env.npm_lifecycle_event;
  if (script && script !== 'npx') return script === 'start' ? 'npm start' : `npm run ${script}`;
  return path.relative(process.cwd(), process.argv[1] ?? 'node') || 'node';
}

function linkNew(file: string, owner: DataDirOwner): boolean {
  const staged = `${file}.${process.pid}.${owner.nonce}`;
  writeDurably(staged, owner);
  try {
    linkSync(staged, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A filesystem without hard links: created exclusively instead (a reader may then see
    // it empty for a moment, and takes it for stale only once it is older than that).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') return createNew(file, owner);
    throw error;
  } finally {
    unlinkQuietly(staged);
  }
}

function createNew(file: string, owner: DataDirOwner): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(owner)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

function writeDurably(file: string, owner: DataDirOwner) {
  const fd = openSync(file, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(owner)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes a stale lock under a short-lived guard, and only if it is still the stale one, so
 * two processes taking it over at once cannot remove the lock the first of them then wrote.
 */
function takeOver(file: string, staleText: string) {
  const guard = `${file}.takeover`;
  let fd: number;
  try {
    fd = openSync(guard, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A guard is held for microseconds; one left by a process killed holding it is old.
    const age = Date.now() - (statSafe(guard)?.mtimeMs ?? Date.now());
    if (age > 10_000) unlinkQuietly(guard);
    else pause(20);
    return;
  }
  try {
    if (readLock(file)?.text === staleText) unlinkQuietly(file);
  } finally {
    closeSync(fd);
    unlinkQuietly(guard);
  }
}

/** The lock's text and owner; owner undefined when unreadable (then it is stale). */
function readLock(file: string): { text: string; owner?: DataDirOwner } | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // Unreadable to us: another user's process holds it.
    if (code === 'EACCES' || code === 'EPERM') {
      return { text: '', owner: { pid: 0, command: 'another user', startedAt: '?', nonce: '' } };
    }
    throw error;
  }
  try {
    const owner = JSON.parse(text) as DataDirOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? { text, owner } : { text };
  } catch {
    return { text };
  }
}

function readOwner(file: string): DataDirOwner | undefined {
  return readLock(file)?.owner;
}

/** Whether the lock's process still runs (and is the one that wrote it). */
function isAlive(owner: DataDirOwner): boolean {
  if (owner.pid === 0) return true; // another user's: we cannot tell, so we do not touch it
  if (owner.pid === process.pid) {
    // This process holds it only if it says so; otherwise the id was reused (a container
    // restarted with the same pid after a kill).
    return [...heldHere.values()].includes(owner.nonce);
  }
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = processStartTime(owner.pid);
  if (started === 'zombie') return false;
  return !(owner.processStart && started && started !== owner.processStart);
}

/**
 * Field 22 of /proc/<pid>/stat (clock ticks after boot), or 'zombie' for a process that has
 * exited and waits for its parent; undefined where /proc is not there.
 */
function processStartTime(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses; fields after it do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return 'zombie';
  return fields[19];
}

/** The lock is taken synchronously, before anything else runs; its waits are milliseconds. */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function statSafe(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

function unlinkQuietly(file: string) {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}
