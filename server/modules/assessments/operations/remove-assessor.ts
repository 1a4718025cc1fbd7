import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { assessmentEvaluables } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import { lockAssessment } from '../count-answers';
import { loadAssessment } from '../load';
import { announceAssessmentChange } from '../notify';
import type { AssessmentsDeps } from './deps';

/**
 * Removes an assessor from the assessment, or only from one person (`evaluateeId`), with their
 * drafts; 404 when they assess nobody there. An answer handed in is never taken out of a
 * report (409): the report before and after would give it away.
 */
export async function removeAssessor(
  deps: AssessmentsDeps,
  actor: Actor,
  input: { id: number; assessorId: number; evaluateeId?: number },
) {
  const ctx = await loadAssessment(deps.db, actor, input.id, 'change');
  await deps.db.transaction(async (tx) => {
    await lockAssessment(tx, ctx.assessment.id);
    const pairs = await tx
      .select({ id: assessmentEvaluables.id, status: assessmentEvaluables.status })
      .from(assessmentEvaluables)
      .where(
        and(
          eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
          eq(assessmentEvaluables.assessorId, input.assessorId),
          input.evaluateeId === undefined
            ? undefined
            : eq(assessmentEvaluables.evaluateeId, input.evaluateeId),
        ),
      );
    if (pairs.length === 0) throw notFound('assessments:messages.assessor_not_found');
    if (pairs.some((p) => p.status === 'submitted'))
      throw conflict('assessments:messages.handed_in_stays');
    await tx.delete(assessmentEvaluables).where(
      inArray(
        assessmentEvaluables.id,
        pairs.map((p) => p.id),
      ),
    );
  });
  announceAssessmentChange(deps, ctx.assessment);
}
