import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { assessments } from '../../../db/schema';
import type { AssessmentsDeps } from './deps';
import { editAssessment } from './edit-assessment';

/** Release the results to the people assessed, or take them back. */
export function releaseAssessment(
  deps: AssessmentsDeps,
  actor: Actor,
  input: { id: number; released: boolean },
) {
  return editAssessment(deps, actor, input.id, (ctx) =>
    deps.db
      .update(assessments)
      .set({ releasedAt: input.released ? new Date() : null, updatedAt: new Date() })
      .where(eq(assessments.id, ctx.assessment.id)),
  );
}
