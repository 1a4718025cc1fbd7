import ExcelJS from 'exceljs';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { DbOrTx } from '../../db/client';
import { teams, users, workspaceMembers, type WorkspaceRow } from '../../db/schema';
import { displayName, nameColumns } from '../../core/people';
import { membersOf, TEAMABLE_ROLES } from './load';
import { activeTeams } from '../../core/workspace-ids';

/** A cell a spreadsheet would run as a formula is written as text (CSV injection). */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvLine(cells: string[]): string {
  return cells.map((cell) => `"${safeCell(cell).replaceAll('"', '""')}"`).join(',');
}

/**
 * Every active team with its members, then the members without a team, one row per person
 * (spec 7.2 export-teams), as CSV or XLSX.
 */
export async function exportTeams(
  db: DbOrTx,
  workspace: WorkspaceRow,
  format: 'csv' | 'xlsx',
  t: TFunction,
) {
  const teamRows = await db
    .select()
    .from(teams)
    .where(activeTeams(workspace.id))
    .orderBy(asc(teams.name), asc(teams.id));
  const members = await membersOf(
    db,
    teamRows.map((team) => team.id),
  );
  const rows: string[][] = [];
  const placed = new Set<number>();
  for (const team of teamRows) {
    for (const { membership, person } of members.get(team.id)!) {
      placed.add(person.id);
      rows.push([
        team.name,
        displayName(person),
        person.email,
        t(`workspace-teams:roles.${membership.role}`),
        membership.joinedAt.toISOString(),
      ]);
    }
  }
  const everyone = await db
    .select(nameColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspace.id),
        inArray(workspaceMembers.role, [...TEAMABLE_ROLES]),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  for (const person of everyone.filter((p) => !placed.has(p.id))) {
    rows.push(['', displayName(person), person.email, t('workspace-teams:export.no_team'), '']);
  }
  const header = ['team', 'member', 'email', 'role', 'joined_at'].map((key) =>
    t(`workspace-teams:export.${key}`),
  );
  const baseName = `teams-${workspace.id}`;
  if (format === 'csv') {
    // A byte-order mark lets spreadsheet programs read the names as UTF-8.
    const body = `\uFEFF${[header, ...rows].map(csvLine).join('\r\n')}\r\n`;
    return { body, contentType: 'text/csv; charset=utf-8', fileName: `${baseName}.csv` };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t('workspace-teams:export.sheet'));
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column) => (column.width = 24));
  return {
    body: Buffer.from(await book.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${baseName}.xlsx`,
  };
}
