import type { z } from 'zod';
import type { startFormationBody } from '@contracts/team-formation';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { teamFormationRuns } from '../../../db/schema';
import { recordEvent } from '../../../jobs';
import { buildFormationRequest } from '../cohort';
import type { TeamFormationDeps } from './deps';

declare module '../../../jobs' {
  interface DomainEvents {
    'team_formation.requested': { run_id: number };
  }
}

/** Starts forming teams: the run is stored and computed by a job; answers its token at once. */
export async function startFormation(
  deps: TeamFormationDeps,
  actor: Actor,
  input: z.output<typeof startFormationBody>,
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspace_id, 'form_teams');
  const engineRequest = await buildFormationRequest(db, input);
  const run = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teamFormationRuns)
      .values({
        workspaceId: input.workspace_id,
        options: input as unknown as Record<string, unknown>,
        request: engineRequest as unknown as Record<string, unknown>,
        createdBy: access.userId,
      })
      .returning();
    await recordEvent(tx, 'team_formation.requested', { run_id: row.id });
    return row;
  });
  return { token: run.token, status: run.status };
}
