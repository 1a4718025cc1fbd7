import { desc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { workspaceOperation } from '../../../core/workspace-access';
import { teamFormationRuns } from '../../../db/schema';
import { presentRun, privacyOfRun, type RunReader } from '../present';
import type { TeamFormationDeps } from './deps';
import { failStaleRuns, viewerOf } from './runs';

/** A workspace's past runs, newest first, without their teams. */
export const formationHistory = workspaceOperation(
  'form_teams',
  async (
    deps: TeamFormationDeps,
    _access,
    input: { workspaceId: number; reader: RunReader },
    actor: Actor,
  ) => {
    const { db } = deps;
    await failStaleRuns(deps, input.workspaceId);
    const runs = await db
      .select()
      .from(teamFormationRuns)
      .where(eq(teamFormationRuns.workspaceId, input.workspaceId))
      .orderBy(desc(teamFormationRuns.createdAt), desc(teamFormationRuns.id))
      .limit(50);
    const presented = await Promise.all(
      runs.map(async (run) =>
        presentRun(db, await privacyOfRun(db, viewerOf(actor), run), run, input.reader),
      ),
    );
    return presented.map(({ teams: _teams, proposals: _proposals, ...summary }) => summary);
  },
);
