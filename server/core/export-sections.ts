import { eq } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import type { Area, ExportSection } from './area';

/**
 * The section most tables get: the rows of the table of `by` whose `by` is the person, with
 * the columns of `fields` under their keys (every column when no fields are named).
 */
export function personRows(name: string, by: PgColumn, fields?: SelectedFields): ExportSection {
  const table = by.table;
  return {
    name,
    tables: [table],
    read: (db, userId) =>
      fields
        ? db.select(fields).from(table).where(eq(by, userId))
        : db.select().from(table).where(eq(by, userId)),
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
