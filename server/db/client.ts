import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { takeBackup, type Backup, type BackupReason } from './backups';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { openEmbeddedDatabase } from './embedded';
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
  /** PostgreSQL only: the connection pool's counts (for /metrics). */
  pool?: { stats(): { total: number; idle: number; waiting: number; max: number } };
  /** PGlite only: the same database without `prepareStatements` (bench:api's bare floor). */
  unprepared?: Database;
  /**
   * PGlite in DATA_DIR only: the lock this process holds on DATA_DIR, and a backup of the
   * database into DATA_DIR/backups (docs/decisions/embedded-database.md).
   */
  embedded?: { lock: DataDirLock; backup(reason: BackupReason): Promise<Backup> };
  close(): Promise<void>;
}

const dialect = new PgDialect();
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database in
 * `DATA_DIR/pglite` (or in memory for `memory://`), and brings the schema up to date. The
 * embedded database is opened only under DATA_DIR's lock (a second opener gets
 * DataDirInUseError, naming the first) and backed up before migrations change it.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** Sees every query (benchmarks count queries per request with it). */
  logger?: Logger;
  /** PostgreSQL: connections this process keeps at most (DATABASE_POOL_MAX). */
  poolMax?: number;
  /**
   * PostgreSQL: false behind a transaction-mode pooler (PgBouncer before 1.21), where a named
   * statement prepared on one server connection is not there on the next: every query then
   * goes unnamed (DATABASE_PREPARED_STATEMENTS).
   */
  preparedStatements?: boolean;
}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      // A server that does not answer at all gives a 503 after this, not a request that hangs.
      connectionTimeoutMillis: 10_000,
    });
    const prepared = options.preparedStatements !== false;
    if (prepared) nameStatements(pool);
    else unnameStatements(pool);
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', () => undefined);
    // So must one dropped while checked out between two queries of a transaction (found by
    // `npm run load -- --terminate`): the client emits 'error', and with no listener Node exits.
    // The transaction's next query fails with it, and the pool discards the client on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePostgres(pool, { schema, logger: options.logger }) as unknown as Database;
    await migrateUnderLock(pool);
    handle = {
      db,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values),
      async queryNamed<T>(name: string, query: SQL) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        return (
          await pool.query(prepared ? { name, text, values: params } : { text, values: params })
        ).rows as T[];
      },
      ping: () => ping(db),
      pool: {
        stats: () => ({
          total: pool.totalCount,
          idle: pool.idleCount,
          waiting: pool.waitingCount,
          max: options.poolMax ?? 10,
        }),
      },
      close: () => pool.end(),
    };
  } else {
    let client: PGlite;
    let lock: DataDirLock | undefined;
    if (options.inMemory) {
      client = await PGlite.create('memory://');
    } else {
      lock = lockDataDir(options.dataDir);
      try {
        client = await openEmbeddedDatabase(options.dataDir);
      } catch (error) {
        lock.release();
        throw error;
      }
    }
    let db: Database;
    try {
      // Quoting a literal by doubling its quotes is complete only with standard-conforming strings.
      const [conforming] = (
        await client.query<{ on: boolean }>(
          `select current_setting('standard_conforming_strings') = 'on' as on`,
        )
      ).rows;
      db = drizzlePglite({
        // Drizzle calls only `query` and `transaction` of its client.
        client: (conforming.on ? prepareStatements(client) : client) as unknown as PGlite,
        schema,
        logger: options.logger,
      }) as unknown as Database;
      if (lock && (await migrationsPending(client))) {
        await takeBackup(client, options.dataDir, 'before-migration');
      }
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    } catch (error) {
      await client.close().catch(() => undefined);
      lock?.release();
      throw error;
    }
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
      unprepared: drizzlePglite(client) as unknown as Database,
      embedded: lock && {
        lock,
        backup: (reason) => takeBackup(client, options.dataDir, reason),
      },
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  }
  return handle;
}

/**
 * Whether migrations would change an existing database (a new one, without the migrations
 * table, has nothing to back up).
 */
async function migrationsPending(client: PGlite): Promise<boolean> {
  const [table] = (
    await client.query<{ exists: boolean }>(
      `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
    )
  ).rows;
  if (!table.exists) return false;
  const [last] = (
    await client.query<{ at: string | null }>(
      'select max(created_at)::text as at from drizzle.__drizzle_migrations',
    )
  ).rows;
  if (last.at === null) return false;
  const applied = Number(last.at);
  return readMigrationFiles({ migrationsFolder }).some((m) => m.folderMillis > applied);
}

/** Every process takes this lock before migrating (pg_advisory_xact_lock's key). */
export const MIGRATION_LOCK_KEY = 7_242_637_311;

/**
 * Brings the schema up to date in ONE transaction that first takes an advisory lock, so
 * processes starting together on one database migrate one after the other: the first applies
 * what is pending, the others then find nothing left. A transaction-scoped lock (not a session
 * one) because behind a transaction-mode pooler a session's next statement may run on another
 * server connection. Same table and rows as Drizzle's own migrator (drizzle.__drizzle_migrations),
 * so databases migrated before keep their history.
 */
async function migrateUnderLock(pool: pg.Pool) {
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string | null }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const last = rows[0]?.created_at == null ? undefined : Number(rows[0].created_at);
    for (const migration of migrations) {
      if (last !== undefined && migration.folderMillis <= last) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await client.query(statement);
      }
      await client.query(
        'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
        [migration.hash, migration.folderMillis],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Behind a transaction-mode pooler: every query goes unnamed, Drizzle's `.prepare(name)` ones
 * included, so nothing relies on a statement prepared earlier on the same server connection.
 */
function unnameStatements(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((first: unknown, ...rest: unknown[]) => {
      const config = first as Partial<pg.QueryConfig> & { submit?: unknown };
      if (config && typeof config === 'object' && config.name !== undefined && !config.submit) {
        const { name: _name, ...unnamed } = config;
        return query(unnamed, ...rest);
      }
      return query(first, ...rest);
    }) as typeof client.query;
  });
}

/** How many distinct statement texts get a name (and so a plan kept by each connection). */
const NAMED_STATEMENTS = 500;

/**
 * node-postgres sends an unnamed query as parse, bind and execute at every call, so PostgreSQL
 * parses and plans it every time; for this app's short queries that costs more than running
 * them (bench:api: one SELECT answers 3× as often prepared). So every query with values is named
 * by its text, as postgres.js does by default, and each connection plans it once. Only texts
 * that spell out a list of values vary; past NAMED_STATEMENTS distinct texts, new ones run
 * unnamed, which bounds what a connection keeps. Queries without values (migrations, several
 * statements at once) are left as they are.
 */
function nameStatements(pool: pg.Pool) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS) {
      name = `s_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((first: unknown, ...rest: unknown[]) => {
      const values = Array.isArray(rest[0]) ? rest[0] : undefined;
      if (typeof first === 'string' && values?.length) {
        const name = nameOf(first);
        return name ? query({ name, text: first }, ...rest) : query(first, ...rest);
      }
      const config = first as Partial<pg.QueryConfig> & { submit?: unknown };
      if (
        config &&
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        config.name === undefined &&
        config.submit === undefined &&
        (values ?? config.values)?.length
      ) {
        const name = nameOf(config.text);
        if (name) return query({ ...config, name }, ...rest);
      }
      return query(first, ...rest);
    }) as typeof client.query;
  });
}

type PGliteQuery = PGlite['query'];

/**
 * PGlite parses and plans every query anew, which for this app's queries costs more than running
 * them (the task list's page query: 3.5 ms, 1.6 ms prepared). So, as `nameStatements` does on
 * PostgreSQL, each query with values is prepared once by its text (PREPARE) and then run as
 * EXECUTE with its values as quoted literals, which take the prepared statement's parameter
 * types as bound values would. Only plain values are written out (numbers, booleans, strings
 * without NUL); a query with any other value, or past NAMED_STATEMENTS texts, runs as before.
 * Statements are prepared outside transactions only, so a failing PREPARE never aborts one; a
 * transaction uses those already prepared.
 */
function prepareStatements(client: PGlite) {
  const preparing = new Map<string, Promise<string | undefined>>();
  const ready = new Map<string, string>();
  // A transaction holds PGlite until it ends, so a PREPARE waiting outside must never be awaited
  // inside one: a transaction takes only names that are ready.
  const prepared = (text: string, inTransaction: boolean) => {
    if (inTransaction) return ready.get(text);
    let name = preparing.get(text);
    if (name === undefined && preparing.size < NAMED_STATEMENTS) {
      const candidate = `s_${createHash('sha1').update(text).digest('hex')}`;
      name = client.exec(`prepare ${candidate} as ${text}`).then(
        () => (ready.set(text, candidate), candidate),
        () => undefined,
      );
      preparing.set(text, name);
    }
    return name;
  };
  // EXECUTE goes as a simple query (one protocol message instead of five), answered alike.
  const run =
    (runner: Pick<PGlite, 'query' | 'exec'>, inTransaction: boolean): PGliteQuery =>
    async (text, params, options) => {
      const literals = params?.length ? params.map(literalOf) : undefined;
      const name = literals?.every((l) => l !== undefined) && prepared(text, inTransaction);
      if (name && (await name)) {
        const execute = `execute ${await name}(${literals!.join(', ')})`;
        return (await runner.exec(execute, options))[0] as never;
      }
      return runner.query(text, params, options);
    };
  return {
    query: run(client, false),
    transaction: ((callback) =>
      client.transaction((tx) =>
        callback(Object.assign(Object.create(tx), { query: run(tx, true) })),
      )) as PGlite['transaction'],
  };
}

/** A value as an SQL literal of unknown type, or undefined when it is not plain. */
function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'bigint' || typeof value === 'boolean') return `'${value}'`;
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
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
