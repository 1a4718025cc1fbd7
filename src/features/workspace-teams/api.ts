import type { z } from 'zod';
import { teamFormationEndpoints } from '@contracts/endpoints/team-formation';
import { workspaceEndpoints } from '@contracts/endpoints/workspaces';
import type {
  createTeamBody,
  teamInformation,
  teamModalInformation,
  updateTeamBody,
} from '@contracts/workspace-teams';
import { workspaceTeamEndpoints as endpoints } from '@contracts/endpoints/workspace-teams';
import { api } from '@/lib/http';

export type { Team, TeamRequest } from '@contracts/workspace-teams';
export type TeamCard = z.infer<typeof teamModalInformation>;
export type TeamInformation = z.infer<typeof teamInformation>;

/** Spec 7.2 and 7.3: the calls of teams inside a workspace. */
export const teamsApi = {
  members: (id: number) =>
    api.call(workspaceEndpoints.members, { params: { id } }).then((r) => r.users),
  list: (workspaceId: number) => api.call(endpoints.list, { params: { id: workspaceId } }),
  card: (teamId: number) => api.call(endpoints.card, { params: { id: teamId } }),
  create: (workspaceId: number, body: z.input<typeof createTeamBody>) =>
    api.call(endpoints.create, { params: { id: workspaceId }, body }),
  update: (teamId: number, body: z.input<typeof updateTeamBody>) =>
    api.call(endpoints.update, { params: { id: teamId }, body }),
  remove: (teamId: number) => api.call(endpoints.remove, { params: { id: teamId } }),
  removeByMember: (teamId: number) =>
    api.call(endpoints.removeByMember, { params: { id: teamId } }),
  setMembers: (teamId: number, userIds: number[], move: boolean) =>
    api.call(endpoints.setMembers, { params: { id: teamId }, body: { user_ids: userIds, move } }),
  removeMember: (teamId: number, userId: number) =>
    api.call(endpoints.removeMember, { params: { id: teamId, member: userId } }),
  leave: (teamId: number) => api.call(endpoints.leave, { params: { id: teamId } }),
  subscribe: (teamId: number) => api.call(endpoints.subscribe, { params: { id: teamId } }),
  requestJoin: (teamId: number) =>
    api.call(endpoints.request, { params: { id: teamId }, body: { type: 'join' } }),
  invite: (teamId: number, userId: number) =>
    api.call(endpoints.request, {
      params: { id: teamId },
      body: { type: 'invite', user_id: userId },
    }),
  requests: (workspaceId: number) =>
    api
      .call(endpoints.requests, { query: { workspace_id: workspaceId, status: 'pending' } })
      .then((r) => r.requests),
  answer: (requestId: number, status: 'accepted' | 'declined' | 'cancelled') =>
    api.call(endpoints.answer, { params: { id: requestId }, body: { status } }),
  information: (workspaceId: number, userIds: number[]) =>
    api.call(endpoints.information, { params: { id: workspaceId }, body: { user_ids: userIds } }),
  /** Whether the workspace is public in the team generator. */
  isPublic: (workspaceId: number) =>
    api
      .call(teamFormationEndpoints.publication, { params: { id: workspaceId } })
      .then((r) => r.public),
  publish: (workspaceId: number) =>
    api.call(teamFormationEndpoints.publish, {
      params: { id: workspaceId },
      body: { summary: null },
    }),
  unpublish: (workspaceId: number) =>
    api.call(teamFormationEndpoints.unpublish, { params: { id: workspaceId } }),
  /** The teams as a spreadsheet, under the name the server gives it. */
  export: async (workspaceId: number, format: 'csv' | 'xlsx') => {
    const file = await api.download(endpoints.export, {
      params: { id: workspaceId },
      query: { format },
    });
    return { blob: file.blob, filename: file.filename ?? `teams.${format}` };
  },
};
