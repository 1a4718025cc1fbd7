import type { Actor } from '../../../core/actor';
import { peopleByIds } from '../../../core/people';
import { plannedGroups } from '../anonymity';
import { loadAssessment } from '../load';
import type { AssessmentsDeps } from './deps';
import { evaluablesOf } from './evaluable-rows';

/**
 * Who assesses a person: anyone for owners and admins (`userId`), or the caller. Those who run
 * the cycle always get the names with each one's progress (never what they said); the person
 * assessed gets names only in a named assessment, otherwise the group counts that pass the
 * threshold.
 */
export async function whoAssesses(
  deps: AssessmentsDeps,
  actor: Actor,
  input: { id: number; userId?: number },
) {
  const { db } = deps;
  const ctx = await loadAssessment(
    db,
    actor,
    input.id,
    input.userId === undefined ? 'read' : 'manage',
  );
  const rows = await evaluablesOf(db, ctx.assessment.id, {
    evaluateeId: input.userId ?? ctx.access.userId,
  });
  const groups = plannedGroups(
    rows.map((r) => r.raterGroup),
    ctx.assessment.anonymityThreshold,
  );
  if (!ctx.manager && !ctx.assessment.named) return { people: null, groups };
  const people = await peopleByIds(
    db,
    rows.map((r) => r.assessorId),
  );
  return {
    people: rows.map((r) => ({
      ...people.get(r.assessorId)!,
      rater_group: r.raterGroup,
      status: r.status,
      evaluable_id: r.id,
    })),
    groups,
  };
}
