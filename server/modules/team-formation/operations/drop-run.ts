import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { teamFormationRuns } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import type { TeamFormationDeps } from './deps';
import { requireRun } from './runs';

/** Drops a proposal nobody will confirm; it stays in the history, no longer offered. */
export async function dropRun(deps: TeamFormationDeps, actor: Actor, token: string) {
  const run = await requireRun(deps, actor, token);
  if (run.status === 'confirmed') throw conflict('team-formation:messages.already_confirmed');
  if (run.status === 'queued' || run.status === 'running') {
    throw conflict('team-formation:messages.not_ready');
  }
  // Only a proposal still open (or one that failed) is dropped; a confirmation that won
  // meanwhile stands.
  const dropped = await deps.db
    .update(teamFormationRuns)
    .set({ status: 'dropped' })
    .where(
      and(
        eq(teamFormationRuns.id, run.id),
        inArray(teamFormationRuns.status, ['done', 'failed', 'dropped']),
      ),
    )
    .returning({ id: teamFormationRuns.id });
  if (dropped.length === 0) throw conflict('team-formation:messages.already_confirmed');
}
