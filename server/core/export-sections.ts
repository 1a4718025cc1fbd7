import type { DbOrTx } from '../db/client';

/**
 * "Export my data": every area that stores something about a person registers a section
 * here, so the export stays complete as the product grows.
 */
type ExportSection = (db: DbOrTx, userId: number) => Promise<unknown>;

const sections = new Map<string, ExportSection>();

export function registerExportSection(name: string, section: ExportSection) {
  sections.set(name, section);
}

export async function exportUserData(db: DbOrTx, userId: number) {
  const data: Record<string, unknown> = { exported_at: new Date().toISOString() };
  for (const [name, section] of sections) data[name] = await section(db, userId);
  return data;
}
