import type { Actor } from '../../../core/actor';
import { loadAssessment } from '../load';
import { presentQuestion } from '../questions';
import { questionsOf } from '../report-data';
import type { AssessmentsDeps } from './deps';
import { evaluablesOf, evaluablesWithAnswers } from './evaluable-rows';

/** The questions of an assessment. */
export async function listQuestions(deps: AssessmentsDeps, actor: Actor, id: number) {
  const ctx = await loadAssessment(deps.db, actor, id, 'read');
  return (await questionsOf(deps.db, ctx.assessment.id)).map(presentQuestion);
}

/** The questions with the people the caller assesses and their own answers (drafts too). */
export async function listQuestionsToAnswer(deps: AssessmentsDeps, actor: Actor, id: number) {
  const { db } = deps;
  const ctx = await loadAssessment(db, actor, id, 'read');
  const [questions, rows] = await Promise.all([
    questionsOf(db, ctx.assessment.id),
    evaluablesOf(db, ctx.assessment.id, { assessorId: ctx.access.userId }),
  ]);
  // Oneself first, then the others in the order they were set.
  rows.sort(
    (a, b) => Number(a.raterGroup !== 'self') - Number(b.raterGroup !== 'self') || a.id - b.id,
  );
  return {
    questions: questions.map(presentQuestion),
    evaluables: await evaluablesWithAnswers(db, rows),
  };
}
