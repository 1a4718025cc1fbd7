import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS } from './durable-nodefs';

/**
 * Backups of the embedded database: PGlite's own dump of its data directory (a gzipped tar),
 * taken before migrations and daily into DATA_DIR/backups, the newest few kept; `npm run
 * db:restore` puts one back. See docs/decisions/embedded-database.md.
 */
export const BACKUPS_DIR = 'backups';
export const PGLITE_DIR = 'pglite';
/** How many backups are kept: a week of daily ones. */
export const BACKUPS_KEPT = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type BackupReason = 'daily' | 'before-migration' | 'manual';

export interface Backup {
  file: string;
  takenAt: Date;
  reason: BackupReason;
}

const NAME = /^teamloop-(\d{8}T\d{9}Z)-(daily|before-migration|manual)\.tar\.gz$/;

/** Backups in DATA_DIR/backups, newest first. */
export function listBackups(dataDir: string): Backup[] {
  const dir = path.join(dataDir, BACKUPS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => NAME.exec(name))
    .filter((match) => match !== null)
    .map((match) => ({
      file: path.join(dir, match[0]),
      takenAt: parseStamp(match[1]),
      reason: match[2] as BackupReason,
    }))
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * A consistent copy of the open database: a checkpoint (so a restore has little WAL to
 * replay), then PGlite's dump, which reads every file before it yields, so no write lands
 * halfway through it. Written beside its final name and renamed, so a backup file is whole.
 */
export async function takeBackup(
  client: PGlite,
  dataDir: string,
  reason: BackupReason,
  now = new Date(),
): Promise<Backup> {
  const dir = path.join(dataDir, BACKUPS_DIR);
  // Backups hold everything the database does (password hashes included): the owner's only.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(dir, `teamloop-${stamp(now)}-${reason}.tar.gz`);
  writeWhole(file, Buffer.from(await dump.arrayBuffer()));
  pruneBackups(dataDir);
  return { file, takenAt: now, reason };
}

/** Keeps the newest BACKUPS_KEPT and removes pieces of backups a killed process left. */
export function pruneBackups(dataDir: string) {
  for (const backup of listBackups(dataDir).slice(BACKUPS_KEPT)) rmSync(backup.file);
  const dir = path.join(dataDir, BACKUPS_DIR);
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.partial')) rmSync(path.join(dir, name), { force: true });
  }
}

/** Whether a daily backup is due: none yet, or the newest is a day old. */
export function dailyBackupDue(backups: Backup[], now: Date): boolean {
  return backups.length === 0 || now.getTime() - backups[0].takenAt.getTime() >= DAY_MS;
}

/**
 * Takes a backup whenever the newest is a day old: first a minute after start (a server that
 * restarts often does not back up at every start), then checked hourly. Returns the stop.
 */
export function scheduleDailyBackups(options: {
  dataDir: string;
  backup: () => Promise<Backup>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  firstCheckMs?: number;
  intervalMs?: number;
}): () => void {
  let running = false;
  const check = async () => {
    if (running || !dailyBackupDue(listBackups(options.dataDir), new Date())) return;
    running = true;
    try {
      const backup = await options.backup();
      options.log.info({ file: backup.file }, 'daily database backup taken');
    } catch (error) {
      options.log.error({ err: error }, 'daily database backup failed');
    } finally {
      running = false;
    }
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void check();
    interval = setInterval(() => void check(), options.intervalMs ?? 60 * 60 * 1000);
    interval.unref();
  }, options.firstCheckMs ?? 60_000);
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}

/**
 * Puts a backup in place of DATA_DIR/pglite; the caller holds DATA_DIR's lock. The backup is
 * first unpacked and opened beside it (so a bad file changes nothing), then the current
 * directory is moved aside, never deleted: returns where it went.
 */
export async function restoreBackup(
  dataDir: string,
  file: string,
): Promise<{ movedAside?: string }> {
  const location = path.join(dataDir, PGLITE_DIR);
  const staged = `${location}.restoring`;
  rmSync(staged, { recursive: true, force: true });
  const bytes = readFileSync(file);
  const client = await PGlite.create({
    fs: new DurableNodeFS(staged),
    loadDataDir: new File([bytes], path.basename(file), { type: 'application/x-gzip' }),
  });
  try {
    await client.query('select count(*) from pg_class');
  } finally {
    await client.close();
  }
  let movedAside: string | undefined;
  if (existsSync(location)) {
    movedAside = `${location}.before-restore-${stamp(new Date())}`;
    renameSync(location, movedAside);
  }
  renameSync(staged, location);
  syncDirectory(dataDir);
  return { movedAside };
}

function writeWhole(file: string, bytes: Buffer) {
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  syncDirectory(path.dirname(file));
}

/** A rename is durable once its directory is synced (not possible on Windows: skipped). */
export function syncDirectory(dir: string) {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a directory for syncing.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** 20250102T030405678Z: sorts as time does and is a valid file name everywhere. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '');
}

function parseStamp(text: string): Date {
  const [, y, mo, d, h, mi, s, ms] = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)(\d{3})Z$/.exec(text)!;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
}
