import { operationOn } from '../../../core/actor';
import { loadAssessment, presentEvaluables } from '../load';
import type { AssessmentsDeps } from './deps';
import { evaluablesOf } from './evaluable-rows';

/**
 * Who assesses whom: every pair for owners and admins (`all`), or the people the caller
 * assesses (`mine`).
 */
export const listEvaluables = operationOn(
  (db, actor, input: { id: number; whose: 'all' | 'mine' }) =>
    loadAssessment(db, actor, input.id, input.whose === 'all' ? 'manage' : 'read'),
  async ({ db }: AssessmentsDeps, ctx, input) => {
    const rows = await evaluablesOf(
      db,
      ctx.assessment.id,
      input.whose === 'all' ? {} : { assessorId: ctx.access.userId },
    );
    return presentEvaluables(db, rows);
  },
);
