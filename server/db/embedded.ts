import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { listBackups, PGLITE_DIR, syncDirectory } from './backups';
import { DurableNodeFS } from './durable-nodefs';

/**
 * Opens the embedded database in DATA_DIR/pglite; the caller holds DATA_DIR's lock. A new
 * database is created beside its final place and renamed into it once whole: a process killed
 * while PGlite creates one (it takes seconds) otherwise leaves a directory it cannot open again.
 */
export async function openEmbeddedDatabase(dataDir: string): Promise<PGlite> {
  const location = path.join(dataDir, PGLITE_DIR);
  if (!holdsDatabase(location)) await createDatabase(location);
  rmSync(path.join(location, POSTGRES_LOCK_FILE), { force: true });
  try {
    return await PGlite.create({ fs: new DurableNodeFS(location) });
  } catch (error) {
    throw new EmbeddedDatabaseError(dataDir, error);
  }
}

/**
 * PostgreSQL's own lock file in its data directory. It cannot keep a second PGlite out (every
 * PGlite writes the same made-up process id, so PostgreSQL takes it for a stale one), and
 * DATA_DIR's lock, held by the caller, already does. But a process killed between creating it
 * and writing it leaves it empty, and PostgreSQL refuses to start on an empty lock file: the
 * database would never open again (`RuntimeError: unreachable`). So it goes before each open.
 */
const POSTGRES_LOCK_FILE = 'postmaster.pid';

function holdsDatabase(location: string): boolean {
  return existsSync(location) && readdirSync(location).length > 0;
}

async function createDatabase(location: string) {
  const staged = `${location}.new`;
  // Left by a process killed while creating: nothing was ever stored in it.
  rmSync(staged, { recursive: true, force: true });
  const client = await PGlite.create({ fs: new DurableNodeFS(staged) });
  await client.close();
  rmSync(location, { recursive: true, force: true });
  renameSync(staged, location);
  syncDirectory(path.dirname(location));
}

/**
 * The embedded database would not open (PGlite says only `RuntimeError: Aborted()`): said in
 * words, with the newest backup and the command that restores it.
 */
export class EmbeddedDatabaseError extends Error {
  constructor(dataDir: string, cause: unknown) {
    const location = path.join(dataDir, PGLITE_DIR);
    const [newest] = listBackups(dataDir);
    const given = process.env.DATA_DIR ? `DATA_DIR=${dataDir} ` : '';
    super(
      [
        `The embedded database in ${location} cannot be opened (${String(cause)}).`,
        newest
          ? `The newest backup is ${newest.file} (${newest.reason}, taken ${newest.takenAt.toISOString()}). ` +
            `Restore it with:\n\n  ${given}npm run db:restore\n\n` +
            `The directory that does not open is moved aside, not deleted. Restore an older ` +
            `backup by naming it: ${given}npm run db:restore -- <file>.`
          : `There is no backup in ${path.join(dataDir, 'backups')}. Move ${location} aside ` +
            '(it is not deleted for you) to start again with an empty database.',
      ].join('\n'),
      { cause },
    );
    this.name = 'EmbeddedDatabaseError';
  }
}
