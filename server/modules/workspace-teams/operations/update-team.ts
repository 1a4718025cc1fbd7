import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateTeamBody } from '@contracts/workspace-teams';
import type { Actor } from '../../../core/actor';
import { teams } from '../../../db/schema';
import { forbidden } from '../../../http/errors';
import { requireTeam, teamView } from '../load';
import type { TeamsDeps } from './deps';

/** Changes a team (owners and admins, or the leader of a self-made team). */
export async function updateTeam(
  deps: TeamsDeps,
  actor: Actor,
  input: z.infer<typeof updateTeamBody> & { teamId: number },
) {
  const { db } = deps;
  const { team, access } = await requireTeam(db, actor, input.teamId);
  const view = await teamView(db, team, access);
  if (!view.abilities.update) throw forbidden();
  const [updated] = await db
    .update(teams)
    .set({
      name: input.name,
      description: input.description,
      subscribable: input.subscribable,
      maxMembers: input.max_members,
      updatedAt: new Date(),
    })
    .where(eq(teams.id, team.id))
    .returning();
  return teamView(db, updated, access);
}
