import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { objectives } from '../../../db/schema';
import { objectiveFor } from '../load';
import { okrsChanged } from '../live';
import type { OkrsDeps } from './deps';
import { freshObjective } from './fresh';

/** What each move does to an objective's status (restore: back to the status before archive). */
export const OBJECTIVE_MOVES = {
  open: { to: 'open', message: 'okrs:messages.opened' },
  close: { to: 'closed', message: 'okrs:messages.closed_done' },
  archive: { to: 'archived', message: 'okrs:messages.archived_done' },
  restore: { to: null, message: 'okrs:messages.restored' },
} as const;
export type ObjectiveMove = keyof typeof OBJECTIVE_MOVES;

/** Opens, closes, archives or restores an objective. */
export async function changeObjectiveStatus(
  deps: OkrsDeps,
  actor: Actor,
  input: { id: number; move: ObjectiveMove },
) {
  const ctx = await objectiveFor(deps.db, actor, input.id, input.move);
  const { objective } = ctx;
  const status = OBJECTIVE_MOVES[input.move].to ?? objective.statusBeforeArchive ?? 'open';
  await deps.db
    .update(objectives)
    .set({
      status,
      statusBeforeArchive:
        input.move === 'archive'
          ? (objective.status as 'open' | 'closed')
          : objective.statusBeforeArchive,
      updatedAt: new Date(),
    })
    .where(eq(objectives.id, objective.id));
  okrsChanged(deps, objective.workspaceId);
  return freshObjective(deps.db, ctx.access, objective.id);
}
