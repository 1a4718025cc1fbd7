import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import type { Area, ExportSection, FileReferences } from './area';

/** Tables joined (inner) to the table of a person's rows, each with its condition, in order. */
export type Joins = [table: PgTable, on: SQL][];

/**
 * The rows of the table of `by` whose `by` is the person, with the columns of `fields`, which
 * may come from the tables of `joins` too.
 */
export const rowsOfPerson = <F extends SelectedFields>(
  db: DbOrTx,
  by: PgColumn,
  userId: number,
  fields: F,
  joins: Joins = [],
) => {
  const query = db.select(fields).from(by.table).$dynamic();
  for (const [table, on] of joins) query.innerJoin(table, on);
  return query.where(eq(by, userId));
};

/** The section most tables get: the person's rows of one table, every column unless `fields`. */
export function personRows(
  name: string,
  by: PgColumn,
  fields?: SelectedFields,
  joins?: Joins,
): ExportSection {
  return {
    name,
    tables: [by.table],
    read: (db, userId) => rowsOfPerson(db, by, userId, fields ?? getTableColumns(by.table), joins),
  };
}

/** Deletes the person's rows of each column's table (where the column is the person), in order. */
export async function deleteRowsOfPerson(tx: DbOrTx, userId: number, ...by: PgColumn[]) {
  for (const column of by) await tx.delete(column.table).where(eq(column, userId));
}

/** The keys `key` holds, in the rows `joins` and `where` leave of its table (all without them). */
async function keysIn(db: DbOrTx, key: PgColumn, joins: Joins = [], where?: SQL) {
  const query = db.select({ key }).from(key.table).$dynamic();
  for (const [table, on] of joins) query.innerJoin(table, on);
  const rows = await (where ? query.where(where) : query);
  return rows.map((row) => row.key as string);
}

/**
 * The file references of a table with one column of storage keys. A workspace's files, when
 * they go with it, are the rows `ofWorkspace` leaves: joins up to the workspace's id, and the
 * condition on it.
 */
export function storageKeyFiles(
  key: PgColumn,
  ofWorkspace?: (workspaceId: number, db: DbOrTx) => { joins?: Joins; where: SQL },
): FileReferences {
  return {
    columns: [key],
    all: (db) => keysIn(db, key),
    ...(ofWorkspace && {
      ofWorkspace: (db, workspaceId) => {
        const { joins, where } = ofWorkspace(workspaceId, db);
        return keysIn(db, key, joins, where);
      },
    }),
  };
}

/**
 * "Export my data": every section every area declares (`exportSections` in its index.ts), so
 * the export stays complete as the product grows; tests/unit/area-registrations.test.ts fails
 * when a table holding a person's id is read by no section.
 */
export async function exportUserData(areas: readonly Area[], db: DbOrTx, userId: number) {
  const data: Record<string, unknown> = { exported_at: new Date().toISOString() };
  for (const area of areas) {
    for (const section of area.exportSections ?? []) {
      if (section.name in data) throw new Error(`export section ${section.name} declared twice`);
      data[section.name] = await section.read(db, userId);
    }
  }
  return data;
}
