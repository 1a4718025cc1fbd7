import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { envelope, idParam } from '@contracts/common';
import {
  answerTeamRequestBody,
  createTeamRequestBody,
  teamIdParam,
  teamRequestResource,
  teamRequestsQuery,
  teamRequestsResource,
  type TeamRequest,
} from '@contracts/workspace-teams';
import { requireAuth } from '../../auth/guard';
import { can } from '../../auth/permissions';
import type { DbOrTx } from '../../db/client';
import {
  teamMembers,
  teamRequests,
  teams,
  users,
  workspaces,
  type TeamRequestRow,
  type UserRow,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { App } from '../../http/types';
import { loadWorkspaceAccess, actorOf } from '../../core/workspace-access';
import { personColumns, presentPerson } from '../../core/people';
import { closeOtherRequests } from './lifecycle';
import {
  activeMemberCount,
  addMembers,
  requireTeam,
  requireTeamable,
  teamIdOf,
  teamView,
} from './load';
import { isUniqueViolation } from '../../db/errors';

/** Whether the viewer may accept or decline, or cancel, a pending request. */
async function rightsOver(db: DbOrTx, viewer: UserRow, request: TeamRequestRow) {
  if (request.status !== 'pending') return { answer: false, cancel: false };
  const cancel = request.createdBy === viewer.id;
  if (request.type === 'invite') return { answer: request.userId === viewer.id, cancel };
  const inTeam = (await teamIdOf(db, request.workspaceId, viewer.id)) === request.teamId;
  const access = await loadWorkspaceAccess(db, request.workspaceId, viewer);
  return { answer: inTeam || Boolean(access && can(access, 'manage_teams')), cancel };
}

const creator = alias(users, 'creator');

async function presentRequests(
  db: DbOrTx,
  viewer: UserRow,
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

/** Requests to join a team and invitations into one, and answering them (spec 7.3). */
export default async function teamRequestRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['teams'];

  app.post(
    '/teams/:id/requests',
    {
      schema: {
        tags,
        summary: 'Ask to join a team, or invite a member into yours',
        params: teamIdParam,
        body: createTeamRequestBody,
        response: { 200: envelope(teamRequestResource) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { team, access } = await requireTeam(db, actorOf(request), request.params.id);
      const view = await teamView(db, team, access);
      const body = request.body;
      const joinerId = body.type === 'join' ? user.id : body.user_id;
      if (body.type === 'join' && !view.abilities.request_join) {
        if (!can(access, 'join_teams')) throw forbidden();
        throw conflict(
          view.members.length >= (team.maxMembers ?? Infinity)
            ? 'workspace-teams:messages.team_full'
            : 'workspace-teams:messages.already_in_team',
        );
      }
      if (body.type === 'invite' && !view.abilities.invite) {
        if (view.is_member || can(access, 'manage_teams')) {
          throw conflict('workspace-teams:messages.team_full');
        }
        throw forbidden();
      }
      await requireTeamable(db, team.workspaceId, [joinerId], 'user_id');
      if ((await teamIdOf(db, team.workspaceId, joinerId)) !== null) {
        throw conflict('workspace-teams:messages.already_in_team');
      }
      let created: TeamRequestRow;
      try {
        [created] = await db
          .insert(teamRequests)
          .values({
            teamId: team.id,
            workspaceId: team.workspaceId,
            userId: joinerId,
            type: body.type,
            message: body.message || null,
            createdBy: user.id,
          })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict('workspace-teams:messages.request_pending');
        }
        throw error;
      }
      const [presented] = await presentRequests(db, user, eq(teamRequests.id, created.id));
      return ok(
        { request: presented },
        body.type === 'join'
          ? 'workspace-teams:messages.join_requested'
          : 'workspace-teams:messages.invited',
      );
    },
  );

  app.get(
    '/teams/requests',
    {
      schema: {
        tags,
        summary: 'Requests and invitations that concern me',
        querystring: teamRequestsQuery,
        response: { 200: envelope(teamRequestsResource) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { workspace_id: workspaceId, status } = request.query;
      const myTeams = db
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(and(eq(teamMembers.userId, user.id), isNull(teamMembers.deletedAt)));
      const where = and(
        or(
          eq(teamRequests.userId, user.id),
          eq(teamRequests.createdBy, user.id),
          inArray(teamRequests.teamId, myTeams),
        ),
        workspaceId ? eq(teamRequests.workspaceId, workspaceId) : undefined,
        status ? eq(teamRequests.status, status) : undefined,
      );
      return ok({ requests: await presentRequests(db, user, where) });
    },
  );

  app.patch(
    '/teams/requests/:id',
    {
      schema: {
        tags,
        summary: 'Accept or decline a request (or invitation), or cancel your own',
        params: idParam,
        body: answerTeamRequestBody,
        response: { 200: envelope(teamRequestResource) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const [row] = await db
        .select()
        .from(teamRequests)
        .where(eq(teamRequests.id, request.params.id));
      if (!row) throw notFound('workspace-teams:messages.request_not_found');
      const rights = await rightsOver(db, user, row);
      const involved =
        row.userId === user.id ||
        row.createdBy === user.id ||
        rights.answer ||
        (await teamIdOf(db, row.workspaceId, user.id)) === row.teamId;
      if (!involved) throw notFound('workspace-teams:messages.request_not_found');
      if (row.status !== 'pending') throw conflict('workspace-teams:messages.request_answered');
      const status = request.body.status;
      if (status === 'cancelled' ? !rights.cancel : !rights.answer) throw forbidden();

      await db.transaction(async (tx) => {
        if (status === 'accepted') {
          const [team] = await tx
            .select()
            .from(teams)
            .where(and(eq(teams.id, row.teamId), isNull(teams.deletedAt)));
          if (!team) throw conflict('workspace-teams:messages.team_gone');
          await requireTeamable(tx, team.workspaceId, [row.userId], 'user_id');
          if (
            team.maxMembers !== null &&
            (await activeMemberCount(tx, team.id)) >= team.maxMembers
          ) {
            throw conflict('workspace-teams:messages.team_full');
          }
          await addMembers(tx, team, [row.userId]);
          await closeOtherRequests(tx, team.workspaceId, row.userId, row.id);
        }
        await tx
          .update(teamRequests)
          .set({ status, answeredBy: user.id, answeredAt: new Date() })
          .where(eq(teamRequests.id, row.id));
      });
      const [presented] = await presentRequests(db, user, eq(teamRequests.id, row.id));
      return ok({ request: presented }, `workspace-teams:messages.request_${status}`);
    },
  );
}
