import type { z } from 'zod';
import type { objectiveCheckInBody } from '@contracts/okrs';
import type { Actor } from '../../../core/actor';
import { objectiveAnswers } from '../../../db/schema';
import { objectiveFor } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { freshObjective } from './fresh';

/** A check-in on the objective as a whole: status, confidence and a note. */
export async function checkInObjective(
  deps: OkrsDeps,
  actor: Actor,
  input: { id: number } & z.output<typeof objectiveCheckInBody>,
) {
  const ctx = await objectiveFor(deps.db, actor, input.id, 'check_in');
  await deps.db.insert(objectiveAnswers).values({
    objectiveId: ctx.objective.id,
    status: input.status,
    confidence: input.confidence ?? null,
    note: input.note || null,
    createdBy: ctx.access.userId,
  });
  okrsChanged(deps, ctx.objective.workspaceId);
  return freshObjective(deps.db, ctx.access, ctx.objective.id);
}
