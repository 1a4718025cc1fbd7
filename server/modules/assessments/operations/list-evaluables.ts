import type { Actor } from '../../../core/actor';
import { loadAssessment, presentEvaluables } from '../load';
import type { AssessmentsDeps } from './deps';
import { evaluablesOf } from './evaluable-rows';

/**
 * Who assesses whom: every pair for owners and admins (`all`), or the people the caller
 * assesses (`mine`).
 */
export async function listEvaluables(
  deps: AssessmentsDeps,
  actor: Actor,
  input: { id: number; whose: 'all' | 'mine' },
) {
  const { db } = deps;
  const ctx = await loadAssessment(db, actor, input.id, input.whose === 'all' ? 'manage' : 'read');
  const rows = await evaluablesOf(
    db,
    ctx.assessment.id,
    input.whose === 'all' ? {} : { assessorId: ctx.access.userId },
  );
  return presentEvaluables(db, rows);
}
