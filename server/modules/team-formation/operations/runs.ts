import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { teamFormationRuns } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { RUN_INTERRUPTED } from '../present';
import type { TeamFormationDeps } from './deps';

/**
 * Marks runs of a workspace as failed that even the job's retries did not finish: each try
 * holds a lease, and after three a run still unfinished is not going to be.
 */
export async function failStaleRuns(deps: TeamFormationDeps, workspaceId: number) {
  const staleAfterMs = Math.max(10 * 60_000, 4 * deps.config.JOBS_LEASE_SECONDS * 1000);
  await deps.db
    .update(teamFormationRuns)
    .set({ status: 'failed', error: RUN_INTERRUPTED, finishedAt: new Date() })
    .where(
      and(
        eq(teamFormationRuns.workspaceId, workspaceId),
        inArray(teamFormationRuns.status, ['queued', 'running']),
        lt(teamFormationRuns.createdAt, new Date(Date.now() - staleAfterMs)),
      ),
    );
}

/** The run behind a token, for someone who may form teams in its workspace. */
export async function requireRun(deps: TeamFormationDeps, actor: Actor, token: string) {
  const [run] = await deps.db
    .select()
    .from(teamFormationRuns)
    .where(eq(teamFormationRuns.token, token));
  if (!run) throw notFound('team-formation:messages.run_not_found');
  await workspaceAccessFor(deps.db, actor, run.workspaceId, 'form_teams');
  await failStaleRuns(deps, run.workspaceId);
  const [fresh] = await deps.db
    .select()
    .from(teamFormationRuns)
    .where(eq(teamFormationRuns.id, run.id));
  return fresh;
}

/** Who reads a run, for its privacy (server/modules/team-formation/present.ts). */
export const viewerOf = (actor: Actor) => ({ id: actor.userId, role: actor.role });
