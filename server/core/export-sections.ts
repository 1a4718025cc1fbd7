import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import type { Area, ExportSection } from './area';

/** The rows of the table of `by` whose `by` is the person, with the columns of `fields`. */
export const rowsOfPerson = <F extends SelectedFields>(
  db: DbOrTx,
  by: PgColumn,
  userId: number,
  fields: F,
) => db.select(fields).from(by.table).where(eq(by, userId));

/** The section most tables get: the person's rows of one table, every column unless `fields`. */
export function personRows(name: string, by: PgColumn, fields?: SelectedFields): ExportSection {
  return {
    name,
    tables: [by.table],
    read: (db, userId) => rowsOfPerson(db, by, userId, fields ?? getTableColumns(by.table)),
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
