import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamRequest } from '@contracts/workspace-teams';
import { can } from '../../auth/permissions';
import type { Actor } from '../../core/actor';
import { personColumns, presentPerson } from '../../core/people';
import { loadWorkspaceAccess } from '../../core/workspace-access';
import type { DbOrTx } from '../../db/client';
import { teamRequests, teams, users, workspaces, type TeamRequestRow } from '../../db/schema';
import { teamIdOf } from './load';

/** Who looks at requests: the actor's id and account role. */
export interface Viewer {
  id: number;
  role: Actor['role'];
}
export const viewerOf = (actor: Actor): Viewer => ({ id: actor.userId, role: actor.role });

/** Whether the viewer may accept or decline, or cancel, a pending request. */
export async function rightsOver(db: DbOrTx, viewer: Viewer, request: TeamRequestRow) {
  if (request.status !== 'pending') return { answer: false, cancel: false };
  const cancel = request.createdBy === viewer.id;
  if (request.type === 'invite') return { answer: request.userId === viewer.id, cancel };
  const inTeam = (await teamIdOf(db, request.workspaceId, viewer.id)) === request.teamId;
  const access = await loadWorkspaceAccess(db, request.workspaceId, viewer);
  return { answer: inTeam || Boolean(access && can(access, 'manage_teams')), cancel };
}

const creator = alias(users, 'creator');

/** Requests as the viewer sees them, with what they may do to each. */
export async function presentRequests(
  db: DbOrTx,
  viewer: Viewer,
  where: SQL | undefined,
): Promise<TeamRequest[]> {
  const rows = await db
    .select({
      request: teamRequests,
      team: { id: teams.id, name: teams.name },
      workspace: { id: workspaces.id, name: workspaces.name },
      user: personColumns,
      creator: {
        id: creator.id,
        firstName: creator.firstName,
        lastName: creator.lastName,
        email: creator.email,
        avatarUrl: creator.avatarUrl,
        deletedAt: creator.deletedAt,
        deactivatedAt: creator.deactivatedAt,
      },
    })
    .from(teamRequests)
    .innerJoin(teams, eq(teams.id, teamRequests.teamId))
    .innerJoin(workspaces, eq(workspaces.id, teamRequests.workspaceId))
    .innerJoin(users, eq(users.id, teamRequests.userId))
    .innerJoin(creator, eq(creator.id, teamRequests.createdBy))
    .where(where)
    .orderBy(desc(teamRequests.createdAt), desc(teamRequests.id))
    .limit(200);
  return Promise.all(
    rows.map(async (row) => {
      const rights = await rightsOver(db, viewer, row.request);
      return {
        id: row.request.id,
        type: row.request.type,
        status: row.request.status,
        message: row.request.message,
        team: row.team,
        workspace: row.workspace,
        user: presentPerson(row.user),
        created_by: presentPerson(row.creator),
        created_at: row.request.createdAt.toISOString(),
        answered_at: row.request.answeredAt?.toISOString() ?? null,
        can_answer: rights.answer,
        can_cancel: rights.cancel,
      };
    }),
  );
}
