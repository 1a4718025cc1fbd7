import { and, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { teamRequests, teams } from '../../../db/schema';
import { conflict, forbidden, notFound } from '../../../http/errors';
import { closeOtherRequests } from '../lifecycle';
import { activeMemberCount, addMembers, requireTeamable, teamIdOf } from '../load';
import { presentRequests, rightsOver, viewerOf } from '../requests';
import type { TeamsDeps } from './deps';

/** Accepts or declines a request (or invitation), or cancels the actor's own. */
export async function answerTeamRequest(
  deps: TeamsDeps,
  actor: Actor,
  input: { id: number; status: 'accepted' | 'declined' | 'cancelled' },
) {
  const { db } = deps;
  const viewer = viewerOf(actor);
  const [row] = await db.select().from(teamRequests).where(eq(teamRequests.id, input.id));
  if (!row) throw notFound('workspace-teams:messages.request_not_found');
  const rights = await rightsOver(db, viewer, row);
  const involved =
    row.userId === actor.userId ||
    row.createdBy === actor.userId ||
    rights.answer ||
    (await teamIdOf(db, row.workspaceId, actor.userId)) === row.teamId;
  if (!involved) throw notFound('workspace-teams:messages.request_not_found');
  if (row.status !== 'pending') throw conflict('workspace-teams:messages.request_answered');
  const { status } = input;
  if (status === 'cancelled' ? !rights.cancel : !rights.answer) throw forbidden();

  await db.transaction(async (tx) => {
    if (status === 'accepted') {
      const [team] = await tx
        .select()
        .from(teams)
        .where(and(eq(teams.id, row.teamId), isNull(teams.deletedAt)));
      if (!team) throw conflict('workspace-teams:messages.team_gone');
      await requireTeamable(tx, team.workspaceId, [row.userId], 'user_id');
      if (team.maxMembers !== null && (await activeMemberCount(tx, team.id)) >= team.maxMembers) {
        throw conflict('workspace-teams:messages.team_full');
      }
      await addMembers(tx, team, [row.userId]);
      await closeOtherRequests(tx, team.workspaceId, row.userId, row.id);
    }
    await tx
      .update(teamRequests)
      .set({ status, answeredBy: actor.userId, answeredAt: new Date() })
      .where(eq(teamRequests.id, row.id));
  });
  const [presented] = await presentRequests(db, viewer, eq(teamRequests.id, row.id));
  return presented;
}
