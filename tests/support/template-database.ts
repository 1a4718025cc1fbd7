import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '@server/db/client';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/db/migrations');

/** The migrations' fingerprint: a template made from other migrations is never reused. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS);
  return hash.digest('hex').slice(0, 12);
}

/**
 * Vitest global setup: on PostgreSQL, migrate one template database per version of the
 * migrations, so each test file's fresh database is a copy (CREATE DATABASE … TEMPLATE) rather
 * than a run of every migration. Files that test migrations themselves still start empty.
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const name = `teamloop_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Two CI runs on one server may race to make it: the lock lets one make it, the other wait.
    await admin.query('select pg_advisory_lock(3035)');
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`drop database if exists ${name}_partial with (force)`);
      await admin.query(`create database ${name}_partial`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}_partial`;
      const handle = await openDatabase({
        databaseUrl: url.toString(),
        dataDir: mkdtempSync(path.join(tmpdir(), 'teamloop-template-')),
      });
      await handle.close();
      // Renamed only once complete: a template is never half-migrated.
      await admin.query(`alter database ${name}_partial rename to ${name}`);
    }
    await admin.query('select pg_advisory_unlock(3035)');
  } finally {
    await admin.end();
  }
  process.env.TEST_TEMPLATE_DATABASE = name;
}
