import type { Actor } from '../../../core/actor';
import { loadAssessment, type AssessmentContext } from '../load';
import { announceAssessmentChange } from '../notify';
import type { AssessmentsDeps } from './deps';
import { freshAssessment } from './fresh';

/**
 * What every change of an assessment does around its own write: load it for a change (owners
 * and admins, not in an archived workspace), tell the workspace, present it again.
 */
export async function editAssessment(
  deps: AssessmentsDeps,
  actor: Actor,
  id: number,
  write: (ctx: AssessmentContext) => Promise<unknown>,
) {
  const ctx = await loadAssessment(deps.db, actor, id, 'change');
  await write(ctx);
  announceAssessmentChange(deps, ctx.assessment);
  return freshAssessment(deps.db, ctx, ctx.assessment.id);
}
