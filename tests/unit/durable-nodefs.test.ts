import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { DurableNodeFS } from '../../server/db/durable-nodefs';

const dir = mkdtempSync(path.join(tmpdir(), 'teamloop-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * PGlite's file layer has no fsync and turns fdatasync into nothing; DurableNodeFS gives both
 * back. If a PGlite upgrade changes how that is wired, a commit stops reaching the disk
 * silently: this fails instead.
 */
describe('DurableNodeFS', () => {
  it('syncs the WAL to disk at every commit', { timeout: 180_000 }, async () => {
    const fs = new DurableNodeFS(dir);
    const client = await PGlite.create({ fs });
    try {
      await client.exec('create table kept (id serial primary key)');
      const before = fs.syncs;
      await client.query('insert into kept default values');
      expect(fs.syncs).toBeGreaterThan(before);
      const afterOne = fs.syncs;
      await client.query('select count(*) from kept');
      // A read commits nothing, so syncs nothing.
      expect(fs.syncs).toBe(afterOne);
    } finally {
      await client.close();
    }
  });
});
