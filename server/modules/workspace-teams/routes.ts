import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { emptyResource, envelope } from '@contracts/common';
import { workspaceIdParam } from '@contracts/workspaces';
import {
  createTeamBody,
  exportTeamsQuery,
  setMembersBody,
  subscribeByOwnerBody,
  teamAvailability,
  teamIdParam,
  teamInformation,
  teamMemberParams,
  teamModalInformation,
  teamResource,
  teamsResource,
  updateTeamBody,
  userSetBody,
} from '@contracts/workspace-teams';
import { requireAuth } from '../../auth/guard';
import { can } from '../../auth/permissions';
import { teamMembers, teamRequests, teams } from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { App } from '../../http/types';
import { avatarKeyOf, avatarUrlOf, receiveAvatar, removeFiles } from '../profile';
import { requireWorkspacePermission, actorOf } from '../../core/workspace-access';
import './performance-metric';
import { exportTeams } from './export-teams';
import { closeOtherRequests, removeFromTeam, softDeleteTeam } from './lifecycle';
import {
  activeMemberCount,
  addMembers,
  membersOf,
  peopleWithTeam,
  presentTeam,
  requireTeam,
  requireTeamable,
  teamIdOf,
  teamView,
} from './load';
import { availabilityOfPeople, informationOfPeople } from './people-sets';
import teamRequestRoutes from './request-routes';

/** Teams of a workspace (spec 4 "Team", 7.3). */
export default async function teamRoutes(app: App) {
  const { deps } = app;
  const { db } = deps;
  const tags = ['teams'];

  app.get(
    '/workspaces/:id/teams',
    {
      schema: {
        tags,
        summary: "The workspace's active teams and the caller's own team",
        params: workspaceIdParam,
        response: { 200: envelope(teamsResource) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      const rows = await db
        .select()
        .from(teams)
        .where(and(eq(teams.workspaceId, request.params.id), isNull(teams.deletedAt)))
        .orderBy(asc(teams.name), asc(teams.id));
      const members = await membersOf(
        db,
        rows.map((team) => team.id),
      );
      const viewerTeamId = await teamIdOf(db, request.params.id, access.userId);
      const list = rows.map((team) =>
        presentTeam(team, members.get(team.id)!, access, viewerTeamId),
      );
      return ok({ teams: list, user_team: list.find((team) => team.is_member) ?? null });
    },
  );

  app.post(
    '/workspaces/:id/teams',
    {
      schema: {
        tags,
        summary: 'Create a team (owners and admins), or your own team when members may',
        params: workspaceIdParam,
        body: createTeamBody,
        response: { 200: envelope(teamResource) },
      },
    },
    async (request) => {
      const workspaceId = request.params.id;
      const access = await requireWorkspacePermission(request, db, workspaceId, 'view_workspace');
      const manage = can(access, 'manage_teams');
      if (!manage && !can(access, 'create_own_team')) throw forbidden();
      const body = request.body;
      const memberIds = body.member_ids ?? [];
      if (!manage && memberIds.length > 0) throw forbidden();
      if (!manage) await requireTeamable(db, workspaceId, [access.userId], 'workspace');
      await requireTeamable(db, workspaceId, memberIds, 'member_ids');
      const team = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(teams)
          .values({
            workspaceId,
            name: body.name,
            description: body.description ?? null,
            subscribable: body.subscribable ?? false,
            maxMembers: body.max_members ?? null,
            selfTeam: !manage,
            createdBy: access.userId,
          })
          .returning();
        // A member's own team starts with them as its leader.
        if (!manage) {
          await addMembers(tx, created, [access.userId], 'leader');
          await closeOtherRequests(tx, workspaceId, access.userId);
        }
        await addMembers(tx, created, memberIds);
        return created;
      });
      return ok({ team: await teamView(db, team, access) }, 'workspace-teams:messages.created');
    },
  );

  app.get(
    '/teams/:id',
    {
      schema: { tags, params: teamIdParam, response: { 200: envelope(teamResource) } },
    },
    async (request) => {
      const { team, access } = await requireTeam(db, actorOf(request), request.params.id);
      return ok({ team: await teamView(db, team, access) });
    },
  );

  app.patch(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Change a team (owners and admins, or the leader of a self-made team)',
        params: teamIdParam,
        body: updateTeamBody,
        response: { 200: envelope(teamResource) },
      },
    },
    async (request) => {
      const { team, access } = await requireTeam(db, actorOf(request), request.params.id);
      const view = await teamView(db, team, access);
      if (!view.abilities.update) throw forbidden();
      const body = request.body;
      const [updated] = await db
        .update(teams)
        .set({
          name: body.name,
          description: body.description,
          subscribable: body.subscribable,
          maxMembers: body.max_members,
          updatedAt: new Date(),
        })
        .where(eq(teams.id, team.id))
        .returning();
      return ok({ team: await teamView(db, updated, access) }, 'workspace-teams:messages.saved');
    },
  );

  app.delete(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team (kept with deleted_at, out of every active list)',
        params: teamIdParam,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const { team } = await requireTeam(db, actorOf(request), request.params.id, 'manage_teams');
      await db.transaction((tx) => softDeleteTeam(tx, team));
      return ok({}, 'workspace-teams:messages.deleted');
    },
  );

  app.delete(
    '/teams/:id/by-member',
    {
      schema: {
        tags,
        summary: 'The leader of a self-made team deletes it',
        params: teamIdParam,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const { team, access } = await requireTeam(db, actorOf(request), request.params.id);
      if (!(await teamView(db, team, access)).abilities.delete_by_member) throw forbidden();
      await db.transaction((tx) => softDeleteTeam(tx, team));
      return ok({}, 'workspace-teams:messages.deleted');
    },
  );

  app.get(
    '/teams/:id/modal-information',
    {
      schema: {
        tags,
        summary: 'A team as a card: members, skills, shared free hours, open requests',
        params: teamIdParam,
        response: { 200: envelope(teamModalInformation) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { team, access } = await requireTeam(db, actorOf(request), request.params.id);
      const view = await teamView(db, team, access);
      const memberIds = view.members.map((m) => m.id);
      const information = await informationOfPeople(db, user, memberIds);
      const [pending] = await db
        .select({ n: count() })
        .from(teamRequests)
        .where(and(eq(teamRequests.teamId, team.id), eq(teamRequests.status, 'pending')));
      return ok({
        team: view,
        workspace: { id: access.workspace.id, name: access.workspace.name },
        skills: information.skills,
        common_slots: information.availability.common_slots,
        pending_requests: pending.n,
      });
    },
  );

  app.get(
    '/teams/:id/availability',
    {
      schema: {
        tags,
        summary: "The team's free hours: per-hour counts and the hours all are free",
        params: teamIdParam,
        response: { 200: envelope(teamAvailability) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { team } = await requireTeam(db, actorOf(request), request.params.id);
      const members = (await membersOf(db, [team.id])).get(team.id)!;
      return ok(
        await availabilityOfPeople(
          db,
          user,
          members.map((m) => m.membership.userId),
        ),
      );
    },
  );

  app.post(
    '/workspaces/:id/team-availability',
    {
      schema: {
        tags,
        summary: 'Free hours of a set of members, as if they were a team',
        params: workspaceIdParam,
        body: userSetBody,
        response: { 200: envelope(teamAvailability) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await requireWorkspacePermission(request, db, request.params.id, 'view_members');
      await requireTeamable(db, request.params.id, request.body.user_ids);
      return ok(await availabilityOfPeople(db, user, request.body.user_ids));
    },
  );

  app.post(
    '/workspaces/:id/team-information',
    {
      schema: {
        tags,
        summary: 'Skills, personality mix and free hours of a set of members',
        params: workspaceIdParam,
        body: userSetBody,
        response: { 200: envelope(teamInformation) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await requireWorkspacePermission(request, db, request.params.id, 'view_members');
      await requireTeamable(db, request.params.id, request.body.user_ids);
      return ok(await informationOfPeople(db, user, request.body.user_ids));
    },
  );

  app.put(
    '/teams/:id/members',
    {
      schema: {
        tags,
        summary: "Set a team's members (owners and admins)",
        params: teamIdParam,
        body: setMembersBody,
        response: { 200: envelope(teamResource) },
      },
    },
    async (request) => {
      const { team, access } = await requireTeam(
        db,
        actorOf(request),
        request.params.id,
        'manage_teams',
      );
      const wanted = request.body.user_ids;
      await requireTeamable(db, team.workspaceId, wanted);
      if (team.maxMembers !== null && wanted.length > team.maxMembers) {
        throw conflict('workspace-teams:messages.team_full');
      }
      await db.transaction(async (tx) => {
        const elsewhere = await peopleWithTeam(tx, team.workspaceId, wanted, team.id);
        if (elsewhere.length > 0 && !request.body.move) {
          throw conflict('workspace-teams:messages.in_other_team', { count: elsewhere.length });
        }
        for (const userId of elsewhere) {
          const [other] = await tx
            .select({ team: teams })
            .from(teamMembers)
            .innerJoin(teams, eq(teams.id, teamMembers.teamId))
            .where(
              and(
                eq(teamMembers.workspaceId, team.workspaceId),
                eq(teamMembers.userId, userId),
                isNull(teamMembers.deletedAt),
              ),
            );
          await removeFromTeam(tx, other.team, userId);
        }
        const current = (await membersOf(tx, [team.id])).get(team.id)!;
        const currentIds = current.map((m) => m.membership.userId);
        for (const userId of currentIds.filter((id) => !wanted.includes(id))) {
          await removeFromTeam(tx, team, userId);
        }
        const added = wanted.filter((id) => !currentIds.includes(id));
        await addMembers(tx, team, added);
        for (const userId of added) await closeOtherRequests(tx, team.workspaceId, userId);
      });
      // Emptying a self-made team deletes it; the answer then shows it deleted.
      const [fresh] = await db.select().from(teams).where(eq(teams.id, team.id));
      return ok({ team: await teamView(db, fresh, access) }, 'workspace-teams:messages.saved');
    },
  );

  app.delete(
    '/teams/:id/members/:member',
    {
      schema: {
        tags,
        summary:
          'Take someone out of a team (owners and admins, or the leader of a self-made team)',
        params: teamMemberParams,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const { team, access } = await requireTeam(db, actorOf(request), request.params.id);
      const view = await teamView(db, team, access);
      const leads =
        team.selfTeam && view.members.some((m) => m.id === access.userId && m.role === 'leader');
      if (!view.abilities.manage_members && !leads) throw forbidden();
      if (!view.members.some((m) => m.id === request.params.member)) {
        throw notFound('workspace-teams:messages.not_a_member');
      }
      await db.transaction((tx) => removeFromTeam(tx, team, request.params.member));
      return ok({}, 'workspace-teams:messages.member_removed');
    },
  );

  app.post(
    '/teams/:id/leave',
    {
      schema: { tags, params: teamIdParam, response: { 200: envelope(emptyResource) } },
    },
    async (request) => {
      const { team, access } = await requireTeam(db, actorOf(request), request.params.id);
      if ((await teamIdOf(db, team.workspaceId, access.userId)) !== team.id) {
        throw conflict('workspace-teams:messages.not_in_this_team');
      }
      await db.transaction((tx) => removeFromTeam(tx, team, access.userId));
      return ok({}, 'workspace-teams:messages.left');
    },
  );

  app.post(
    '/teams/:id/subscribing-by-member',
    {
      schema: {
        tags,
        summary: 'Sign yourself up to a team that takes sign-ups and has room',
        params: teamIdParam,
        response: { 200: envelope(teamResource) },
      },
    },
    async (request) => {
      const { team, access } = await requireTeam(
        db,
        actorOf(request),
        request.params.id,
        'join_teams',
      );
      const view = await teamView(db, team, access);
      if (!view.abilities.subscribe) {
        if (!team.subscribable) throw forbidden('workspace-teams:messages.not_subscribable');
        if (view.is_member || (await teamIdOf(db, team.workspaceId, access.userId)) !== null) {
          throw conflict('workspace-teams:messages.already_in_team');
        }
        throw conflict('workspace-teams:messages.team_full');
      }
      await requireTeamable(db, team.workspaceId, [access.userId], 'team');
      await db.transaction(async (tx) => {
        await addMembers(tx, team, [access.userId]);
        await closeOtherRequests(tx, team.workspaceId, access.userId);
      });
      return ok({ team: await teamView(db, team, access) }, 'workspace-teams:messages.joined');
    },
  );

  app.post(
    '/teams/:id/subscribing-by-owner',
    {
      schema: {
        tags,
        summary: 'Put a member in a team, out of any other team (owners and admins)',
        params: teamIdParam,
        body: subscribeByOwnerBody,
        response: { 200: envelope(teamResource) },
      },
    },
    async (request) => {
      const { team, access } = await requireTeam(
        db,
        actorOf(request),
        request.params.id,
        'manage_teams',
      );
      const userId = request.body.user_id;
      await requireTeamable(db, team.workspaceId, [userId], 'user_id');
      const current = await teamIdOf(db, team.workspaceId, userId);
      if (current === team.id) throw conflict('workspace-teams:messages.already_in_team');
      if (team.maxMembers !== null && (await activeMemberCount(db, team.id)) >= team.maxMembers) {
        throw conflict('workspace-teams:messages.team_full');
      }
      await db.transaction(async (tx) => {
        if (current !== null) {
          const [other] = await tx.select().from(teams).where(eq(teams.id, current));
          await removeFromTeam(tx, other, userId);
        }
        await addMembers(tx, team, [userId]);
        await closeOtherRequests(tx, team.workspaceId, userId);
      });
      return ok({ team: await teamView(db, team, access) }, 'workspace-teams:messages.saved');
    },
  );

  app.post(
    '/teams/:id/avatar',
    {
      schema: {
        tags,
        summary: "Upload the team's picture (multipart field avatar)",
        params: teamIdParam,
        response: { 200: envelope(teamResource) },
      },
    },
    async (request) => {
      const { team, access } = await requireTeam(db, actorOf(request), request.params.id);
      if (!(await teamView(db, team, access)).abilities.change_avatar) throw forbidden();
      const { file, publish } = await receiveAvatar(request, deps);
      const [updated] = await db
        .update(teams)
        .set({ avatarUrl: avatarUrlOf(file), updatedAt: new Date() })
        .where(eq(teams.id, team.id))
        .returning();
      await publish();
      await removeFiles(deps, [avatarKeyOf(team.avatarUrl)]);
      return ok({ team: await teamView(db, updated, access) }, 'workspace-teams:messages.saved');
    },
  );

  app.delete(
    '/teams/:id/avatar',
    {
      schema: { tags, params: teamIdParam, response: { 200: envelope(teamResource) } },
    },
    async (request) => {
      const { team, access } = await requireTeam(db, actorOf(request), request.params.id);
      if (!(await teamView(db, team, access)).abilities.change_avatar) throw forbidden();
      const [updated] = await db
        .update(teams)
        .set({ avatarUrl: null, updatedAt: new Date() })
        .where(eq(teams.id, team.id))
        .returning();
      await removeFiles(deps, [avatarKeyOf(team.avatarUrl)]);
      return ok({ team: await teamView(db, updated, access) }, 'workspace-teams:messages.saved');
    },
  );

  app.get(
    '/workspaces/:id/export-teams',
    {
      schema: {
        tags,
        summary: 'Teams and their members as a CSV or XLSX file (owners and admins)',
        params: workspaceIdParam,
        querystring: exportTeamsQuery,
      },
    },
    async (request, reply) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'manage_teams',
      );
      const file = await exportTeams(db, access.workspace, request.query.format, request.t);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  await app.register(teamRequestRoutes);
}
