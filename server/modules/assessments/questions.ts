import type { QuestionInput } from '@contracts/assessments';
import type { assessmentQuestions } from '../../db/schema';
import { validationFailed } from '../../http/errors';

export function questionRows(assessmentId: number, questions: QuestionInput[]) {
  return questions.map((q, position) => {
    const options = q.options ?? {};
    if (q.kind === 'choice' && !(options.choices && options.choices.length >= 2)) {
      throw validationFailed({ [`questions.${position}`]: 'assessments:messages.choices_needed' });
    }
    return {
      assessmentId,
      position,
      kind: q.kind,
      title: q.title,
      required: q.required ?? true,
      options:
        q.kind === 'rating'
          ? { scale: options.scale ?? 5, labels: options.labels ?? [] }
          : q.kind === 'choice'
            ? { choices: options.choices }
            : {},
    };
  });
}

export function presentQuestion(q: typeof assessmentQuestions.$inferSelect) {
  return {
    id: q.id,
    position: q.position,
    kind: q.kind,
    title: q.title,
    required: q.required,
    options: q.options,
  };
}
