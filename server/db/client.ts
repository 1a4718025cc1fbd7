import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL on the same connection(s) as `db`, in node-postgres's shape (an array of results
   * for several statements): what pg-boss needs to share the app's database.
   */
  executeSql(text: string, values?: unknown[]): Promise<unknown>;
  /**
   * Rows of a query that runs often with the same text: named, so PostgreSQL parses and plans
   * it once per connection instead of at every call (on a hot path such as sending a message).
   */
  queryNamed<T>(name: string, query: SQL): Promise<T[]>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const dialect = new PgDialect();
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in
 * `DATA_DIR/pglite` (or in memory for `memory://`), and brings the schema up to date.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** Sees every query (benchmarks count queries per request with it). */
  logger?: Logger;
}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = drizzlePostgres(pool, { schema, logger: options.logger }) as unknown as Database;
    await migratePostgres(drizzlePostgres(pool), { migrationsFolder });
    handle = {
      db,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values),
      async queryNamed<T>(name: string, query: SQL) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return (await pool.query({ name, text, values: params })).rows as T[];
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  } else {
    let location = 'memory://';
    if (!options.inMemory) {
      location = path.join(options.dataDir, 'pglite');
      mkdirSync(location, { recursive: true });
    }
    const client = await PGlite.create(location);
    const db = drizzlePglite(client, { schema, logger: options.logger }) as unknown as Database;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    handle = {
      db,
      kind: 'pglite',
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        // Without values PGlite runs several statements, as node-postgres's simple query does.
        const results = await client.exec(text);
        return results.length === 1 ? results[0] : results;
      },
      async queryNamed<T>(_name: string, query: SQL) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return (await client.query<T>(text, params)).rows;
      },
      ping: () => ping(db),
      close: () => client.close(),
    };
  }
  return handle;
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared type hides. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
