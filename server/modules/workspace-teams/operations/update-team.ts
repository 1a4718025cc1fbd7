import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateTeamBody } from '@contracts/workspace-teams';
import { operationOn } from '../../../core/actor';
import { teams } from '../../../db/schema';
import { forbidden } from '../../../http/errors';
import { requireTeam, teamView } from '../load';
import type { TeamsDeps } from './deps';

/** Changes a team (owners and admins, or the leader of a self-made team). */
export const updateTeam = operationOn(
  (db, actor, input: z.infer<typeof updateTeamBody> & { teamId: number }) =>
    requireTeam(db, actor, input.teamId),
  async ({ db }: TeamsDeps, { team, access }, input) => {
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
  },
);
