import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { answersBody } from '@contracts/assessments';
import { operationOn } from '../../../core/actor';
import { idempotencyOf, rememberResult, writeOnce } from '../../../core/idempotency';
import { assessmentEvaluables } from '../../../db/schema';
import { conflict, forbidden } from '../../../http/errors';
import { answersOf, checkAnswers, saveAnswers } from '../answers';
import { countAnswers, lockAssessment } from '../count-answers';
import { loadAssessment } from '../load';
import { announceAssessmentChange, recordHandedInIfComplete } from '../notify';
import { questionsOf } from '../report-data';
import type { AssessmentsDeps } from './deps';
import { evaluablesWithAnswers, findEvaluable } from './evaluable-rows';

/**
 * The assessor answers for one person assessed: a draft, or handed in with `submit`. Under an
 * idempotency key, a retry answers as the first request did, without saving again (a retried
 * hand-in would otherwise meet "already submitted").
 */
export const answerAssessment = operationOn(
  (db, actor, input: { id: number; idempotencyKey?: string } & z.output<typeof answersBody>) =>
    loadAssessment(db, actor, input.id, 'read'),
  async (deps: AssessmentsDeps, ctx, input, actor) => {
    const { db } = deps;
    const evaluable = await findEvaluable(db, ctx.assessment.id, input.evaluable_id);
    if (!evaluable || evaluable.assessorId !== ctx.access.userId) throw forbidden();
    const idempotency = idempotencyOf(actor.userId, input.idempotencyKey, 'assessment_answer', {
      assessment: ctx.assessment.id,
      evaluable: evaluable.id,
      answers: input.answers,
      submit: input.submit,
    });
    const present = async () => {
      const saved = await db
        .select()
        .from(assessmentEvaluables)
        .where(eq(assessmentEvaluables.id, evaluable.id));
      return (await evaluablesWithAnswers(db, saved))[0];
    };
    return writeOnce(
      db,
      idempotency,
      async () => {
        if (ctx.assessment.status !== 'open') throw conflict('assessments:messages.not_open');
        if (ctx.access.workspace.status === 'archived')
          throw conflict('workspaces:messages.archived_read_only');
        if (evaluable.status === 'submitted') {
          throw conflict('assessments:messages.already_submitted');
        }
        const questions = await questionsOf(db, ctx.assessment.id);
        const existing = (await answersOf(db, [evaluable.id])).map((a) => ({
          questionId: a.questionId,
          rating: a.rating,
          choice: a.choice,
          text: a.text,
        }));
        const clean = checkAnswers(questions, input.answers, input.submit, existing);
        await db.transaction(async (tx) => {
          // Hand-ins are counted one after another (count-answers.ts).
          const row = await lockAssessment(tx, ctx.assessment.id);
          if (row.status !== 'open') throw conflict('assessments:messages.not_open');
          await saveAnswers(tx, evaluable.id, clean, input.submit);
          await rememberResult(tx, idempotency, evaluable.id);
          if (input.submit) {
            await countAnswers(tx, row, false, [evaluable.evaluateeId]);
            await recordHandedInIfComplete(tx, ctx.assessment, ctx.access.userId);
          }
        });
        if (input.submit) announceAssessmentChange(deps, ctx.assessment);
        return present();
      },
      present,
    );
  },
);
