import { and, eq, inArray, or } from 'drizzle-orm';
import type { Assessment, Evaluable } from '@contracts/assessments';
import { can } from '../../auth/permissions';
import type { DbOrTx } from '../../db/client';
import {
  assessmentEvaluables,
  assessments,
  type AssessmentEvaluableRow,
  type AssessmentRow,
} from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { peopleByIds } from '../../core/people';
import type { Actor } from '../../core/actor';
import { workspaceAccessFor, type WorkspaceAccess } from '../../core/workspace-access';

/** Owners and admins manage assessments and read their reports (spec 6). */
export const MANAGE = 'view_assessment_report_by_owner' as const;

export interface AssessmentContext {
  assessment: AssessmentRow;
  access: WorkspaceAccess;
  manager: boolean;
}

/**
 * Loads an assessment for the caller: people outside its workspace (and any id that is not
 * an assessment) get 404; members not involved in it get 403; `change` also refuses an
 * archived workspace. `manage` requires the owner/admin permission.
 */
export async function loadAssessment(
  db: DbOrTx,
  actor: Actor,
  id: number,
  need: 'read' | 'manage' | 'change',
  announcement = false,
): Promise<AssessmentContext> {
  const [assessment] = await db.select().from(assessments).where(eq(assessments.id, id));
  if (!assessment || assessment.isAnnouncement !== announcement) {
    throw notFound('assessments:messages.not_found');
  }
  const access =
    need === 'change'
      ? await workspaceAccessFor(db, actor, assessment.workspaceId, MANAGE, { change: true })
      : await workspaceAccessFor(db, actor, assessment.workspaceId, 'view_workspace');
  const manager = can(access, MANAGE);
  if (need === 'manage' && !manager) throw forbidden();
  if (need === 'read' && !manager && !announcement) {
    const [mine] = await db
      .select({ id: assessmentEvaluables.id })
      .from(assessmentEvaluables)
      .where(
        and(
          eq(assessmentEvaluables.assessmentId, id),
          or(
            eq(assessmentEvaluables.assessorId, access.userId),
            eq(assessmentEvaluables.evaluateeId, access.userId),
          ),
        ),
      )
      .limit(1);
    if (!mine) throw forbidden();
  }
  return { assessment, access, manager };
}

export async function presentEvaluables(
  db: DbOrTx,
  rows: AssessmentEvaluableRow[],
): Promise<Evaluable[]> {
  const people = await peopleByIds(
    db,
    rows.flatMap((r) => [r.assessorId, r.evaluateeId]),
  );
  return rows.map((r) => ({
    id: r.id,
    assessment_id: r.assessmentId,
    assessor: people.get(r.assessorId)!,
    evaluatee: people.get(r.evaluateeId)!,
    rater_group: r.raterGroup,
    status: r.status,
    submitted_at: r.submittedAt?.toISOString() ?? null,
  }));
}

export async function presentAssessments(
  db: DbOrTx,
  rows: AssessmentRow[],
  access: WorkspaceAccess,
): Promise<Assessment[]> {
  if (rows.length === 0) return [];
  const manager = can(access, MANAGE);
  const ids = rows.map((r) => r.id);
  const evaluables = await db
    .select({
      assessmentId: assessmentEvaluables.assessmentId,
      assessorId: assessmentEvaluables.assessorId,
      status: assessmentEvaluables.status,
    })
    .from(assessmentEvaluables)
    .where(inArray(assessmentEvaluables.assessmentId, ids));
  const creators = await peopleByIds(
    db,
    rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])),
  );
  return rows.map((row) => {
    const all = evaluables.filter((e) => e.assessmentId === row.id);
    const mine = all.filter((e) => e.assessorId === access.userId);
    const counted = manager ? all : mine;
    const done = counted.filter((e) => e.status === 'submitted').length;
    const answering = {
      started: all.some((e) => e.status !== 'pending'),
      handed_in: all.some((e) => e.status === 'submitted'),
    };
    return {
      id: row.id,
      workspace_id: row.workspaceId,
      name: row.name,
      description: row.description,
      type: row.type,
      status: row.status,
      schema: { color: row.color },
      expired_at: row.expiredAt?.toISOString() ?? null,
      anonymity_threshold: row.anonymityThreshold,
      named: row.named,
      released: row.releasedAt !== null,
      is_announcement: row.isAnnouncement,
      percentage: counted.length === 0 ? 0 : Math.round((done / counted.length) * 100),
      all_assess_current_user: mine.every((e) => e.status === 'submitted'),
      evaluable_count: counted.length,
      created_by: row.createdBy ? (creators.get(row.createdBy) ?? null) : null,
      created_at: row.createdAt.toISOString(),
      permissions: {
        manage: manager,
        view_report: manager,
        answer: row.status === 'open' && mine.some((e) => e.status !== 'submitted'),
      },
      // The rules name the reviewer: who assesses whom is for those who run the cycle.
      rater_rules: manager ? row.raterRules : null,
      answering: manager ? answering : null,
    };
  });
}

/** After an update: no expiry or a future one is current (open), otherwise previous. */
export function statusAfterUpdate(expiredAt: Date | null, now = new Date()) {
  return expiredAt === null || expiredAt > now ? ('open' as const) : ('closed' as const);
}
