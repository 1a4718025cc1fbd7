import type { DbOrTx } from '../db/client';
import type { Area } from './area';

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
