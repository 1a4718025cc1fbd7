import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { assessmentEvaluables } from '../../../db/schema';
import { loadAssessment } from '../load';
import type { AssessmentsDeps } from './deps';

/** How much is handed in: all of it for owners and admins, the caller's own otherwise. */
export async function showPercentage(deps: AssessmentsDeps, actor: Actor, id: number) {
  const { db } = deps;
  const ctx = await loadAssessment(db, actor, id, 'read');
  const rows = await db
    .select({ status: assessmentEvaluables.status })
    .from(assessmentEvaluables)
    .where(
      and(
        eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
        ctx.manager ? undefined : eq(assessmentEvaluables.assessorId, ctx.access.userId),
      ),
    );
  const submitted = rows.filter((r) => r.status === 'submitted').length;
  return {
    percentage: rows.length ? Math.round((submitted / rows.length) * 100) : 0,
    submitted,
    total: rows.length,
  };
}
