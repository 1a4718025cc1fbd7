import type { FastifyBaseLogger } from 'fastify';
import { and, asc, getTableColumns, gt, isNotNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SigningKeys } from '../auth/signing-keys';
import type { AppDeps } from '../context';
import type { DbOrTx } from '../db/client';
import type { Area, SealedValues } from './area';
import { seal, unseal } from './seal';

export interface ResealResult {
  /** Rows whose sealed values were sealed again with the current key. */
  resealed: number;
  /** Rows with a value no key of this server opens (retired, foreign, damaged): left as they are. */
  unreadable: number;
}

const BATCH = 100;

/** A value sealed with another key than `kid`, or before key ids. */
const sealedWithOtherKey = (column: PgColumn, kid: string) =>
  and(isNotNull(column), not(sql`starts_with(${column}, ${`${kid}.`})`));

/**
 * Seals again with the current key every value an older key sealed (each area's `sealed`), so
 * a token nobody used since a rotation still opens after that key retires. In batches, each in
 * its own transaction with its rows locked (`skip locked`: a row in use is left to the next
 * run); a row is read and written whole, only when every value in it opens, and a value
 * already under the current key is not touched, so a run again changes nothing.
 */
export async function resealStale(
  areas: readonly Area[],
  db: DbOrTx,
  keys: SigningKeys,
  batchSize = BATCH,
): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: 0 };
  for (const values of areas.flatMap((area) => area.sealed ?? [])) {
    let after: number | undefined;
    for (;;) {
      const batch = await db.transaction((tx) =>
        resealBatch(tx, values, keys, after, batchSize, result),
      );
      if (batch.length < batchSize) break;
      after = batch[batch.length - 1];
    }
  }
  return result;
}

/** One batch of rows after `after`; answers the keys of the rows it looked at. */
async function resealBatch(
  tx: DbOrTx,
  values: SealedValues,
  keys: SigningKeys,
  after: number | undefined,
  batchSize: number,
  result: ResealResult,
): Promise<number[]> {
  const { table, key, columns, purpose } = values;
  // Drizzle's update names columns by their property, the registration by the column itself.
  const property = new Map(
    Object.entries(getTableColumns(table)).map(([name, column]) => [column, name]),
  );
  const current = keys.current();
  const conditions: (SQL | undefined)[] = [
    or(...columns.map((column) => sealedWithOtherKey(column, current.kid))),
    after === undefined ? undefined : gt(key, after),
    values.busy && not(values.busy()),
  ];
  const rows = (await tx
    .select()
    .from(table)
    .where(and(...conditions))
    .orderBy(asc(key))
    .limit(batchSize)
    .for('update', { skipLocked: true })) as Record<string, unknown>[];
  for (const row of rows) {
    const changes: Record<string, string> = {};
    try {
      for (const column of columns) {
        const sealed = row[property.get(column)!];
        if (typeof sealed !== 'string' || sealed.startsWith(`${current.kid}.`)) continue;
        const { plain } = await unseal(keys, sealed, purpose);
        changes[property.get(column)!] = seal(keys, plain, purpose);
      }
    } catch {
      // Retired, another server's, or damaged: its use asks the person to connect again.
      result.unreadable += 1;
      continue;
    }
    await tx
      .update(table)
      .set(changes)
      .where(sql`${key} = ${row[property.get(key)!]}`);
    result.resealed += 1;
  }
  return rows.map((row) => row[property.get(key)!] as number);
}

const RESEAL_QUEUE = 'sealed_values_reseal';
const DAY_MS = 86_400_000;

/**
 * The re-seal as a job that runs every day, once across the processes of a deployment: a key
 * retires max(token lifetime, 180 days) after its successor appeared, so every sealed value
 * is under the newest key long before. Returns what schedules it, for `onReady`.
 */
export function registerReseal(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'signingKeys'>,
  areas: readonly Area[],
  log: FastifyBaseLogger,
) {
  return deps.jobs.every(RESEAL_QUEUE, DAY_MS, async () => {
    const result = await resealStale(areas, deps.db, deps.signingKeys);
    if (result.resealed || result.unreadable) log.info(result, 'sealed values sealed again');
  });
}
