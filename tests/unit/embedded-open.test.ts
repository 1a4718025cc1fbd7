import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_DIR } from '../../server/db/backups';
import { openEmbeddedDatabase } from '../../server/db/embedded';

const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-open-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * A server killed while PostgreSQL creates its lock file (postmaster.pid) leaves it empty, and
 * PostgreSQL will not start on an empty one: found by the kill -9 test (a kill while opening,
 * then no open ever again). The embedded database opens anyway, with its data.
 */
describe('opening the embedded database', () => {
  it('opens after a kill left PostgreSQL its lock file empty', { timeout: 180_000 }, async () => {
    const first = await openEmbeddedDatabase(dataDir);
    await first.exec("create table kept (name text); insert into kept values ('before')");
    await first.close();
    writeFileSync(path.join(dataDir, PGLITE_DIR, 'postmaster.pid'), '');

    const again = await openEmbeddedDatabase(dataDir);
    try {
      const { rows } = await again.query<{ name: string }>('select name from kept');
      expect(rows).toEqual([{ name: 'before' }]);
    } finally {
      await again.close();
    }
  });
});
