/**
 * `npm run db:restore [-- FILE]`: puts the newest backup in DATA_DIR/backups (or FILE) in
 * place of the embedded database. Refused while any process owns DATA_DIR (stop the server
 * first); the database it replaces is moved aside, never deleted.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { BACKUPS_DIR, listBackups, PGLITE_DIR, restoreBackup } from '../db/backups';
import { lockDataDir } from '../db/data-dir-lock';
import { CommandRefused, runScript } from './operator';

runScript(async () => {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new CommandRefused(
      'db:restore restores the embedded database; this configuration uses PostgreSQL ' +
        '(DATABASE_URL): restore it with pg_restore.',
    );
  }
  const lock = lockDataDir(config.DATA_DIR);
  try {
    const given = process.argv[2];
    const file = given ? path.resolve(given) : listBackups(config.DATA_DIR)[0]?.file;
    if (!file) {
      throw new CommandRefused(
        `There is no backup in ${path.join(config.DATA_DIR, BACKUPS_DIR)}. ` +
          'Usage: npm run db:restore [-- <backup file>]',
      );
    }
    if (!existsSync(file)) throw new CommandRefused(`There is no file ${file}.`);
    let movedAside: string | undefined;
    try {
      ({ movedAside } = await restoreBackup(config.DATA_DIR, file));
    } catch (error) {
      rmSync(path.join(config.DATA_DIR, `${PGLITE_DIR}.restoring`), {
        recursive: true,
        force: true,
      });
      throw new CommandRefused(
        `${file} could not be restored (${String(error)}); the database was not changed.`,
      );
    }
    console.log(`Restored ${file} into ${path.join(config.DATA_DIR, PGLITE_DIR)}.`);
    if (movedAside) {
      console.log(`The database it replaced is in ${movedAside}; delete it once you are sure.`);
    }
    return 0;
  } finally {
    lock.release();
  }
});
