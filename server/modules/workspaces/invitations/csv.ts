import { parse } from 'csv-parse/sync';
import { email as emailSchema } from '@contracts/auth';
import { INVITABLE_ROLES, type SkipReason } from '@contracts/workspaces';
import { validationFailed } from '../../../http/errors';
import type { InviteEntry } from './invite';

export const CSV_MAX_BYTES = 1_048_576;
export const CSV_MAX_ROWS = 500;

export interface CsvRow {
  /** The line of the file the row came from (1 is the first line, header or not). */
  row: number;
  email: string;
  role: string;
}

export type CsvCheck =
  { row: number; entry: InviteEntry } | { row: number; email: string; reason: SkipReason };

/**
 * Rows of an invitation CSV. With a header row, the columns named email (or e-mail) and role
 * are used; without one, the first column is the address and the second the role.
 */
export function parseInvitationCsv(content: Buffer): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(content, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as typeof records;
  } catch {
    throw validationFailed({ file: 'workspaces:messages.csv_unreadable' });
  }
  if (records.length === 0) throw validationFailed({ file: 'workspaces:messages.csv_empty' });
  const header = records[0].record.map((cell) => cell.toLowerCase().replace(/[^a-z]/g, ''));
  const hasHeader = header.includes('email');
  const emailColumn = hasHeader ? header.indexOf('email') : 0;
  const roleColumn = hasHeader ? header.indexOf('role') : 1;
  const rows = (hasHeader ? records.slice(1) : records).map(({ record, info }) => ({
    row: info.lines,
    email: record[emailColumn] ?? '',
    role: roleColumn >= 0 ? (record[roleColumn] ?? '') : '',
  }));
  if (rows.length > CSV_MAX_ROWS) {
    throw validationFailed({ file: 'workspaces:messages.csv_too_many_rows' });
  }
  return rows;
}

/** A row's own problems (a malformed address or an unknown role), before any lookups. */
export function checkCsvRow(row: CsvRow): CsvCheck {
  const parsed = emailSchema.safeParse(row.email);
  if (!parsed.success) return { row: row.row, email: row.email, reason: 'invalid_email' };
  const role = row.role.trim().toLowerCase() || 'member';
  if (!(INVITABLE_ROLES as readonly string[]).includes(role)) {
    return { row: row.row, email: parsed.data, reason: 'invalid_role' };
  }
  return {
    row: row.row,
    entry: { email: parsed.data, role: role as InviteEntry['role'] },
  };
}
