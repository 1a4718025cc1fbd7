import type { RaterGroup } from '@contracts/assessments';
import type { Actor } from '../../../core/actor';
import { validationFailed } from '../../../http/errors';
import { assessablePeople, insertEvaluables, mayRate } from '../evaluables';
import { loadAssessment, presentEvaluables } from '../load';
import { announceAssessmentChange } from '../notify';
import type { AssessmentsDeps } from './deps';
import { evaluablesOf } from './evaluable-rows';

/** Adds one assessor for one person; answers that person's assessors. */
export async function addAssessor(
  deps: AssessmentsDeps,
  actor: Actor,
  input: { id: number; assessorId: number; evaluateeId: number; raterGroup?: RaterGroup },
) {
  const { db } = deps;
  const { assessorId, evaluateeId } = input;
  const ctx = await loadAssessment(db, actor, input.id, 'change');
  const people = await assessablePeople(db, ctx.assessment.workspaceId);
  if (!people.all.has(assessorId) || !people.all.has(evaluateeId)) {
    throw validationFailed({ assessor_id: 'assessments:messages.not_in_workspace' });
  }
  if (!mayRate(people, ctx.assessment.named, assessorId, evaluateeId)) {
    throw validationFailed({ assessor_id: 'assessments:messages.reader_cannot_rate' });
  }
  const group: RaterGroup = assessorId === evaluateeId ? 'self' : (input.raterGroup ?? 'other');
  if ((group === 'self') !== (assessorId === evaluateeId)) {
    throw validationFailed({ rater_group: 'assessments:messages.self_only_self' });
  }
  await insertEvaluables(db, ctx.assessment.id, [
    { assessorId, evaluateeId, raterGroup: group, teamId: null },
  ]);
  const rows = await evaluablesOf(db, ctx.assessment.id, { evaluateeId });
  announceAssessmentChange(deps, ctx.assessment);
  return presentEvaluables(db, rows);
}
