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
import { actorOf } from '../../core/workspace-access';
import { answerAs, idRoutes, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { receiveAvatar } from '../profile';
import './performance-metric';
import { changeTeamAvatar } from './operations/change-team-avatar';
import { createTeam } from './operations/create-team';
import { deleteTeam } from './operations/delete-team';
import { describePeople } from './operations/describe-people';
import { exportTeamList } from './operations/export-team-list';
import { joinTeam } from './operations/join-team';
import { leaveTeam } from './operations/leave-team';
import { listTeams } from './operations/list-teams';
import { placeInTeam } from './operations/place-in-team';
import { removeTeamMember } from './operations/remove-team-member';
import { setTeamMembers } from './operations/set-team-members';
import { showTeam } from './operations/show-team';
import { showTeamAvailability } from './operations/show-team-availability';
import { showTeamCard } from './operations/show-team-card';
import { updateTeam } from './operations/update-team';
import teamRequestRoutes from './request-routes';

/** Teams of a workspace (spec 4 "Team", 7.3): HTTP over the team operations. */
export default async function teamRoutes(app: App) {
  const { deps } = app;
  const tags = ['teams'];
  const route = operationRoutes(app, tags);
  const onWorkspace = idRoutes(app, tags, workspaceIdParam);
  const onTeam = idRoutes(app, tags, teamIdParam);
  const saved = 'workspace-teams:messages.saved';

  onWorkspace.get(
    '/workspaces/:id/teams',
    {
      summary: "The workspace's active teams and the caller's own team",
      answer: teamsResource,
    },
    listTeams,
  );

  route.post(
    '/workspaces/:id/teams',
    {
      summary: 'Create a team (owners and admins), or your own team when members may',
      params: workspaceIdParam,
      body: createTeamBody,
      answer: teamResource,
      message: 'workspace-teams:messages.created',
    },
    (actor, request) =>
      answerAs(
        'team',
        createTeam(deps, actor, { workspaceId: request.params.id, ...request.body }),
      ),
  );

  route.get('/teams/:id', { params: teamIdParam, answer: teamResource }, (actor, request) =>
    answerAs('team', showTeam(deps, actor, request.params.id)),
  );

  route.patch(
    '/teams/:id',
    {
      summary: 'Change a team (owners and admins, or the leader of a self-made team)',
      params: teamIdParam,
      body: updateTeamBody,
      answer: teamResource,
      message: saved,
    },
    (actor, request) =>
      answerAs('team', updateTeam(deps, actor, { teamId: request.params.id, ...request.body })),
  );

  for (const [url, byMember, summary] of [
    ['/teams/:id', false, 'Delete a team (kept with deleted_at, out of every active list)'],
    ['/teams/:id/by-member', true, 'The leader of a self-made team deletes it'],
  ] as const) {
    route.delete(
      url,
      { summary, params: teamIdParam, message: 'workspace-teams:messages.deleted' },
      (actor, request) => deleteTeam(deps, actor, { teamId: request.params.id, byMember }),
    );
  }

  onTeam.get(
    '/teams/:id/modal-information',
    {
      summary: 'A team as a card: members, skills, shared free hours, open requests',
      answer: teamModalInformation,
    },
    showTeamCard,
  );

  onTeam.get(
    '/teams/:id/availability',
    {
      summary: "The team's free hours: per-hour counts and the hours all are free",
      answer: teamAvailability,
    },
    showTeamAvailability,
  );

  // A set of members described as if they were a team: the same route for each description.
  for (const [what, answer, summary] of [
    ['availability', teamAvailability, 'Free hours of a set of members, as if they were a team'],
    ['information', teamInformation, 'Skills, personality mix and free hours of a set of members'],
  ] as const) {
    route.post(
      `/workspaces/:id/team-${what}`,
      { summary, params: workspaceIdParam, body: userSetBody, answer },
      (actor, request) =>
        describePeople(deps, actor, {
          workspaceId: request.params.id,
          userIds: request.body.user_ids,
          what,
        }),
    );
  }

  route.put(
    '/teams/:id/members',
    {
      summary: "Set a team's members (owners and admins)",
      params: teamIdParam,
      body: setMembersBody,
      answer: teamResource,
      message: saved,
    },
    (actor, request) =>
      answerAs(
        'team',
        setTeamMembers(deps, actor, {
          teamId: request.params.id,
          userIds: request.body.user_ids,
          move: request.body.move,
        }),
      ),
  );

  route.delete(
    '/teams/:id/members/:member',
    {
      summary: 'Take someone out of a team (owners and admins, or the leader of a self-made team)',
      params: teamMemberParams,
      message: 'workspace-teams:messages.member_removed',
    },
    (actor, request) =>
      removeTeamMember(deps, actor, {
        teamId: request.params.id,
        userId: request.params.member,
      }),
  );

  onTeam.post('/teams/:id/leave', { message: 'workspace-teams:messages.left' }, leaveTeam);

  route.post(
    '/teams/:id/subscribing-by-member',
    {
      summary: 'Sign yourself up to a team that takes sign-ups and has room',
      params: teamIdParam,
      answer: teamResource,
      message: 'workspace-teams:messages.joined',
    },
    (actor, request) => answerAs('team', joinTeam(deps, actor, request.params.id)),
  );

  route.post(
    '/teams/:id/subscribing-by-owner',
    {
      summary: 'Put a member in a team, out of any other team (owners and admins)',
      params: teamIdParam,
      body: subscribeByOwnerBody,
      answer: teamResource,
      message: saved,
    },
    (actor, request) =>
      answerAs(
        'team',
        placeInTeam(deps, actor, { teamId: request.params.id, userId: request.body.user_id }),
      ),
  );

  route.post(
    '/teams/:id/avatar',
    {
      summary: "Upload the team's picture (multipart field avatar)",
      params: teamIdParam,
      answer: teamResource,
      message: saved,
    },
    (actor, request) =>
      answerAs(
        'team',
        changeTeamAvatar(deps, actor, {
          teamId: request.params.id,
          avatar: () => receiveAvatar(request, deps),
        }),
      ),
  );

  route.delete(
    '/teams/:id/avatar',
    { params: teamIdParam, answer: teamResource, message: saved },
    (actor, request) =>
      answerAs('team', changeTeamAvatar(deps, actor, { teamId: request.params.id, avatar: null })),
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
      const file = await exportTeamList(deps, actorOf(request), {
        workspaceId: request.params.id,
        format: request.query.format,
        t: request.t,
      });
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  await app.register(teamRequestRoutes);
}
