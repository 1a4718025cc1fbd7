import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { assessments } from '../../../db/schema';
import type { AssessmentsDeps } from './deps';
import { editAssessment } from './edit-assessment';

/** The colour an assessment is shown in. */
export function setAssessmentColor(
  deps: AssessmentsDeps,
  actor: Actor,
  input: { id: number; color: string | null },
) {
  return editAssessment(deps, actor, input.id, (ctx) =>
    deps.db
      .update(assessments)
      .set({ color: input.color, updatedAt: new Date() })
      .where(eq(assessments.id, ctx.assessment.id)),
  );
}
