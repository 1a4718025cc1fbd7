import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Actor } from '../../../core/actor';
import { validationFailed } from '../../../http/errors';
import { sniffType } from '../../../storage/file-types';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const refused = (key: string) => validationFailed({ file: `drive:convert.${key}` });

/** The name with its extension replaced. */
function renamed(name: string, extension: string) {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'sheet'}.${extension}`;
}

/**
 * `files/convert-csv`: a CSV to a workbook of one sheet, or a workbook's first sheet to CSV
 * (exceljs). Nothing is stored. An empty or unreadable file, or a workbook with no sheet or
 * an empty first sheet, is refused with 422 in words.
 */
export async function convertCsv(
  _actor: Actor,
  input: { bytes: Buffer; name: string; to: 'xlsx' | 'csv' },
) {
  if (input.bytes.length === 0) throw refused('empty');
  const workbook = new ExcelJS.Workbook();
  if (input.to === 'xlsx') {
    if (!sniffType(input.bytes.subarray(0, 4096), 'sheet.csv').startsWith('text/')) {
      throw refused('unreadable');
    }
    const sheet = await workbook.csv
      .read(Readable.from([input.bytes]))
      .catch(() => Promise.reject(refused('unreadable')));
    if (sheet.actualRowCount === 0) throw refused('empty');
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    return { bytes, name: renamed(input.name, 'xlsx'), mimeType: XLSX_TYPE };
  }
  try {
    await workbook.xlsx.load(input.bytes as unknown as ArrayBuffer);
  } catch {
    throw refused('unreadable');
  }
  const [sheet] = workbook.worksheets;
  if (!sheet) throw refused('no_sheet');
  if (sheet.actualRowCount === 0) throw refused('empty_sheet');
  const bytes = Buffer.from(await workbook.csv.writeBuffer({ sheetId: sheet.id }));
  return { bytes, name: renamed(input.name, 'csv'), mimeType: 'text/csv' };
}
