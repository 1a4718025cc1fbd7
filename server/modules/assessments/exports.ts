import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import type { QuestionReport } from '@contracts/assessments';
import type { AssessmentRow } from '../../db/schema';
import type { AssessmentReports } from './report-data';

type Cell = string | number | null;
export type ExportKind = 'report' | 'question' | 'detail';

/**
 * The three exports are tables made from the reports (already through the anonymity
 * module), so a file can never show more than the screen: same numbers, same hidden groups.
 */
export function exportRows(
  kind: ExportKind,
  reports: AssessmentReports,
  t: TFunction,
  filter: { userId?: number; teamId?: number } = {},
): { header: string[]; rows: Cell[][] } {
  const h = (key: string) => t(`assessments:export.${key}`);
  const group = (g: string) => t(`assessments:groups.${g}`);
  if (kind === 'report') {
    return {
      header: ['question', 'kind', 'self', 'others_mean', 'others_spread', 'choices', 'texts'].map(
        h,
      ),
      rows: reports.overall.questions.map((q) => [
        q.title,
        t(`assessments:kinds.${q.kind}`),
        q.self,
        q.others_mean,
        q.others_spread,
        q.choices.map((c) => `${c.choice}: ${c.count}`).join('; ') || null,
        q.texts.join(' | ') || null,
      ]),
    };
  }
  const people = reports.people.filter(
    (p) =>
      (filter.userId === undefined || p.evaluatee.id === filter.userId) &&
      (filter.teamId === undefined || reports.teamOf.get(p.evaluatee.id) === filter.teamId),
  );
  if (kind === 'question') {
    return {
      header: [
        'person',
        'email',
        'question',
        'self',
        'others_mean',
        'others_spread',
        'contribution',
      ].map(h),
      rows: people.flatMap((p) =>
        p.questions
          .filter((q) => q.kind === 'rating')
          .map((q) => [
            p.evaluatee.name,
            p.evaluatee.email,
            q.title,
            q.self,
            q.others_mean,
            q.others_spread,
            p.contribution,
          ]),
      ),
    };
  }
  const detail = (p: (typeof people)[number], q: QuestionReport): Cell[][] =>
    q.groups.map((g) => [
      p.evaluatee.name,
      p.evaluatee.email,
      q.title,
      group(g.group) + (g.merged.length ? ` (+ ${g.merged.map(group).join(', ')})` : ''),
      g.raters,
      g.mean,
      g.spread,
    ]);
  return {
    header: ['person', 'email', 'question', 'group', 'raters', 'mean', 'spread'].map(h),
    rows: people.flatMap((p) => p.questions.flatMap((q) => detail(p, q))),
  };
}

function csvCell(value: Cell) {
  if (value === null) return '';
  const text = String(value);
  // Formula-looking text is quoted with a leading apostrophe so spreadsheets don't run it.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function exportFile(
  kind: ExportKind,
  format: 'xlsx' | 'csv',
  assessment: AssessmentRow,
  reports: AssessmentReports,
  t: TFunction,
  filter: { userId?: number; teamId?: number } = {},
) {
  const { header, rows } = exportRows(kind, reports, t, filter);
  const baseName = `assessment-${assessment.id}-${kind}`;
  if (format === 'csv') {
    const body = `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
    return { body, contentType: 'text/csv; charset=utf-8', fileName: `${baseName}.csv` };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t(`assessments:export.sheet_${kind}`));
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column) => (column.width = 22));
  return {
    body: Buffer.from(await book.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${baseName}.xlsx`,
  };
}
