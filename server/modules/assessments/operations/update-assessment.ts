import type { z } from 'zod';
import type { updateAssessmentBody } from '@contracts/assessments';
import type { Actor } from '../../../core/actor';
import { applyAssessmentUpdate } from '../update-assessment';
import type { AssessmentsDeps } from './deps';
import { editAssessment } from './edit-assessment';

/** Change an assessment (all of it until the first hand-in: ../update-assessment.ts). */
export function updateAssessment(
  deps: AssessmentsDeps,
  actor: Actor,
  input: { id: number; fields: z.output<typeof updateAssessmentBody> },
) {
  return editAssessment(deps, actor, input.id, (ctx) =>
    applyAssessmentUpdate(deps.db, ctx, input.fields),
  );
}
