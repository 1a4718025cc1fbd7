import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { can } from '../../../auth/permissions';
import { workspaceOperation } from '../../../core/workspace-access';
import { assessmentEvaluables, assessments } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { MANAGE, presentAssessments } from '../load';
import type { AssessmentsDeps } from './deps';

export const STATUS_OF: Record<string, 'open' | 'closed' | 'archived'> = {
  open: 'open',
  current: 'open',
  closed: 'closed',
  previous: 'closed',
  archived: 'archived',
};

/**
 * Assessments of a workspace in one status (open/current, closed/previous, archived), with the
 * counts of each: all of them for those who run them, otherwise those the caller is in.
 */
export const listAssessments = workspaceOperation(
  'view_workspace',
  async ({ db }: AssessmentsDeps, access, input: { workspaceId: number; status: string }) => {
    const status = STATUS_OF[input.status];
    if (!status) throw validationFailed({ status: 'assessments:messages.status_invalid' });
    const manager = can(access, MANAGE);
    const mine = db
      .select({ id: assessmentEvaluables.assessmentId })
      .from(assessmentEvaluables)
      .where(eq(assessmentEvaluables.assessorId, access.userId))
      .union(
        db
          .select({ id: assessmentEvaluables.assessmentId })
          .from(assessmentEvaluables)
          .where(eq(assessmentEvaluables.evaluateeId, access.userId)),
      );
    const visible = and(
      eq(assessments.workspaceId, access.workspace.id),
      eq(assessments.isAnnouncement, false),
      manager ? undefined : inArray(assessments.id, mine),
    );
    const [rows, countRows] = await Promise.all([
      db
        .select()
        .from(assessments)
        .where(and(visible, eq(assessments.status, status)))
        .orderBy(desc(assessments.createdAt), desc(assessments.id))
        .limit(200),
      db
        .select({ status: assessments.status, n: count() })
        .from(assessments)
        .where(visible)
        .groupBy(assessments.status),
    ]);
    const counts = { open: 0, closed: 0, archived: 0 };
    for (const r of countRows) counts[r.status] = Number(r.n);
    return { assessments: await presentAssessments(db, rows, access), counts };
  },
);
