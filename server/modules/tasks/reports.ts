import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Report, SubmissionReport } from '@contracts/tasks';
import type { DbOrTx } from '../../db/client';
import { taskAssignments, taskFiles, taskReports, type TaskReportRow } from '../../db/schema';
import { forbidden } from '../../http/errors';
import type { TaskContext } from './load';
import { loadPeople, loadTeams } from './people';
import { presentFiles, visibleReports } from './operations/files';
import { peopleOfUnits, submittedPercentage } from './progress';

export async function presentReports(db: DbOrTx, rows: TaskReportRow[]): Promise<Report[]> {
  if (rows.length === 0) return [];
  const [people, files] = await Promise.all([
    loadPeople(
      db,
      rows.map((r) => r.authorId),
    ),
    db
      .select()
      .from(taskFiles)
      .where(
        inArray(
          taskFiles.reportId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(taskFiles.id),
  ]);
  const presentedFiles = await presentFiles(db, files);
  return rows.map((row) => ({
    id: row.id,
    assignment_id: row.assignmentId,
    kind: row.kind,
    body: row.body,
    author: people.get(row.authorId)!,
    files: presentedFiles.filter((f) => f.report_id === row.id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Answers and submissions the caller may read, oldest first, optionally of one unit. */
export async function listReports(db: DbOrTx, ctx: TaskContext, assignmentId?: number) {
  const oneUnit: SQL | undefined =
    assignmentId === undefined ? undefined : eq(taskReports.assignmentId, assignmentId);
  const rows = await db
    .select()
    .from(taskReports)
    .where(and(eq(taskReports.taskId, ctx.task.id), visibleReports(ctx), oneUnit))
    .orderBy(asc(taskReports.id));
  return presentReports(db, rows);
}

/**
 * The submission report: every assigned person with where their work stands. Needs the
 * report permission of the kind (spec 5), or being one of the task's reviewers.
 */
export async function submissionReport(db: DbOrTx, ctx: TaskContext): Promise<SubmissionReport> {
  if (!ctx.roles.viewReport) throw forbidden();
  const units = await db
    .select()
    .from(taskAssignments)
    .where(eq(taskAssignments.taskId, ctx.task.id))
    .orderBy(taskAssignments.id);
  const [people, teams] = await Promise.all([
    loadPeople(
      db,
      units.flatMap((u) => (u.userId === null ? [] : [u.userId])),
    ),
    loadTeams(db, { teamIds: units.flatMap((u) => (u.teamId === null ? [] : [u.teamId])) }),
  ]);
  const rows = peopleOfUnits(units, people, new Map(teams.map((t) => [t.id, t])));
  return {
    submitted_percentage: submittedPercentage(rows),
    people: rows.map(({ person, team, unit }) => ({
      user: person,
      team,
      assignment_id: unit.id,
      status: unit.status,
      submitted_at: unit.submittedAt?.toISOString() ?? null,
      number_of_returned: unit.numberOfReturned,
    })),
  };
}
