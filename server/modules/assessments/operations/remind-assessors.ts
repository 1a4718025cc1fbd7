import { operationOn } from '../../../core/actor';
import { conflict, validationFailed } from '../../../http/errors';
import { loadAssessment } from '../load';
import { pendingAssessors, remindAbout } from '../notify';
import type { AssessmentsDeps } from './deps';

/**
 * Reminds the assessors who have not handed in: one (`userId`, 422 when they have nothing
 * left) or all of them. Only while the assessment is open. Answers how many were reminded.
 */
export const remindAssessors = operationOn(
  (db, actor, input: { id: number; userId?: number }) =>
    loadAssessment(db, actor, input.id, 'change'),
  async ({ db }: AssessmentsDeps, ctx, input) => {
    if (ctx.assessment.status !== 'open') throw conflict('assessments:messages.not_open');
    const pending = await pendingAssessors(db, ctx.assessment.id, input.userId);
    if (input.userId !== undefined && pending.length === 0)
      throw validationFailed({ user_id: 'assessments:messages.nothing_pending' });
    return db.transaction((tx) => remindAbout(tx, ctx.assessment, pending, ctx.access.userId));
  },
);
