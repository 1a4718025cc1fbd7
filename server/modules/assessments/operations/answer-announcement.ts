import type { z } from 'zod';
import type { announcementAnswersBody } from '@contracts/assessments';
import { operationOn, type Actor } from '../../../core/actor';
import { assessmentEvaluables } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import { answersOf, checkAnswers, saveAnswers } from '../answers';
import { loadAssessment } from '../load';
import { presentQuestion } from '../questions';
import { questionsOf } from '../report-data';
import type { AssessmentsDeps } from './deps';
import { evaluablesOf, presentAnswer } from './evaluable-rows';

/*
 * Announcements (spec 7.21): questions for everyone in a workspace, shown as a dialog on
 * entry until answered. Stored as assessments flagged `is_announcement`; each person's answer
 * is their own "self" evaluable, made when they answer, so a reminder is simply an open
 * announcement of one of their workspaces without a submitted evaluable of theirs.
 */

/** An announcement's questions with the actor's answers. */
export async function showAnnouncement(deps: AssessmentsDeps, actor: Actor, id: number) {
  const { db } = deps;
  const ctx = await loadAssessment(db, actor, id, 'read', true);
  const [own] = await evaluablesOf(db, ctx.assessment.id, { assessorId: ctx.access.userId });
  const answers = own ? await answersOf(db, [own.id]) : [];
  return {
    questions: (await questionsOf(db, ctx.assessment.id)).map(presentQuestion),
    answers: answers.map(presentAnswer),
    answered: own?.status === 'submitted',
  };
}

/** Answers an announcement, once; its reminder goes away. */
export const answerAnnouncement = operationOn(
  (db, actor, input: { id: number } & z.output<typeof announcementAnswersBody>) =>
    loadAssessment(db, actor, input.id, 'read', true),
  async ({ db }: AssessmentsDeps, ctx, input) => {
    if (ctx.assessment.status !== 'open') throw conflict('assessments:messages.not_open');
    const [own] = await evaluablesOf(db, ctx.assessment.id, { assessorId: ctx.access.userId });
    if (own?.status === 'submitted') throw conflict('assessments:messages.already_submitted');
    const questions = await questionsOf(db, ctx.assessment.id);
    const clean = checkAnswers(questions, input.answers, true);
    await db.transaction(async (tx) => {
      const evaluableId =
        own?.id ??
        (
          await tx
            .insert(assessmentEvaluables)
            .values({
              assessmentId: ctx.assessment.id,
              assessorId: ctx.access.userId,
              evaluateeId: ctx.access.userId,
              raterGroup: 'self',
            })
            .returning()
        )[0].id;
      await saveAnswers(tx, evaluableId, clean, true);
    });
    return {
      questions: questions.map(presentQuestion),
      answers: [...clean].map(([questionId, v]) => ({ question_id: questionId, ...v })),
      answered: true,
    };
  },
);
