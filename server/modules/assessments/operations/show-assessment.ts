import type { Actor } from '../../../core/actor';
import { loadAssessment } from '../load';
import type { AssessmentsDeps } from './deps';
import { freshAssessment } from './fresh';

/** One assessment, for those who run it or take part in it. */
export async function showAssessment(deps: AssessmentsDeps, actor: Actor, id: number) {
  const ctx = await loadAssessment(deps.db, actor, id, 'read');
  return freshAssessment(deps.db, ctx, ctx.assessment.id);
}
