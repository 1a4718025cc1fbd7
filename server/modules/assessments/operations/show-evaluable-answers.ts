import { operationOn } from '../../../core/actor';
import { forbidden } from '../../../http/errors';
import { answersOf } from '../answers';
import { loadAssessment, presentEvaluables } from '../load';
import type { AssessmentsDeps } from './deps';
import { evaluableIn, presentAnswer } from './evaluable-rows';

/** One evaluable answer by answer: for its assessor, or owners and admins of a named one. */
export const showEvaluableAnswers = operationOn(
  (db, actor, input: { id: number; evaluableId: number }) =>
    loadAssessment(db, actor, input.id, 'read'),
  async ({ db }: AssessmentsDeps, ctx, input) => {
    const row = await evaluableIn(db, ctx.assessment.id, input.evaluableId);
    const own = row.assessorId === ctx.access.userId;
    if (!own && !(ctx.manager && ctx.assessment.named)) throw forbidden();
    const [evaluable] = await presentEvaluables(db, [row]);
    const answers = await answersOf(db, [row.id]);
    return { evaluable, answers: answers.map(presentAnswer) };
  },
);
