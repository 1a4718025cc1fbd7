import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { assessments } from '../../../db/schema';
import { loadAssessment } from '../load';
import { announceAssessmentChange } from '../notify';
import type { AssessmentsDeps } from './deps';

/** Delete an assessment with its answers. */
export async function deleteAssessment(deps: AssessmentsDeps, actor: Actor, id: number) {
  const ctx = await loadAssessment(deps.db, actor, id, 'change');
  await deps.db.delete(assessments).where(eq(assessments.id, ctx.assessment.id));
  announceAssessmentChange(deps, ctx.assessment);
}
