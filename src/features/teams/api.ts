import type { z } from 'zod';
import type { Member, Workspace } from '@contracts/workspaces';
import type {
  createTeamBody,
  team,
  teamInformation,
  teamModalInformation,
  teamRequest,
  updateTeamBody,
} from '@contracts/workspace-teams';
import { http, type Envelope } from '@/lib/http';

export type Team = z.infer<typeof team>;
export type TeamRequest = z.infer<typeof teamRequest>;
export type TeamCard = z.infer<typeof teamModalInformation>;
export type TeamInformation = z.infer<typeof teamInformation>;

export const teamKeys = {
  all: ['teams'] as const,
  workspace: (workspaceId: number) => ['teams', 'workspace', workspaceId] as const,
  members: (workspaceId: number) => ['teams', 'members', workspaceId] as const,
  list: (workspaceId: number) => ['teams', 'list', workspaceId] as const,
  requests: (workspaceId: number) => ['teams', 'requests', workspaceId] as const,
  card: (teamId: number) => ['teams', 'card', teamId] as const,
  public: (workspaceId: number) => ['teams', 'public', workspaceId] as const,
};

const resource = async <T>(call: Promise<{ data: Envelope<T> }>) => (await call).data.resource;

/** Spec 7.2 and 7.3: the calls of teams inside a workspace. */
export const teamsApi = {
  workspace: (id: number) => resource<Workspace>(http.get(`core/workspaces/${id}`)),
  members: (id: number) =>
    resource<{ users: Member[] }>(http.get(`core/workspaces/${id}/users`)).then((r) => r.users),
  list: (workspaceId: number) =>
    resource<{ teams: Team[]; user_team: Team | null }>(
      http.get(`core/workspaces/${workspaceId}/teams`),
    ),
  card: (teamId: number) => resource<TeamCard>(http.get(`core/teams/${teamId}/modal-information`)),
  create: (workspaceId: number, body: z.input<typeof createTeamBody>) =>
    resource<{ team: Team }>(http.post(`core/workspaces/${workspaceId}/teams`, body)),
  update: (teamId: number, body: z.input<typeof updateTeamBody>) =>
    resource<{ team: Team }>(http.patch(`core/teams/${teamId}`, body)),
  remove: (teamId: number) => resource(http.delete(`core/teams/${teamId}`)),
  removeByMember: (teamId: number) => resource(http.delete(`core/teams/${teamId}/by-member`)),
  setMembers: (teamId: number, userIds: number[], move: boolean) =>
    resource<{ team: Team }>(http.put(`core/teams/${teamId}/members`, { user_ids: userIds, move })),
  removeMember: (teamId: number, userId: number) =>
    resource(http.delete(`core/teams/${teamId}/members/${userId}`)),
  leave: (teamId: number) => resource(http.post(`core/teams/${teamId}/leave`)),
  subscribe: (teamId: number) =>
    resource<{ team: Team }>(http.post(`core/teams/${teamId}/subscribing-by-member`)),
  requestJoin: (teamId: number) =>
    resource<{ request: TeamRequest }>(
      http.post(`core/teams/${teamId}/requests`, { type: 'join' }),
    ),
  invite: (teamId: number, userId: number) =>
    resource<{ request: TeamRequest }>(
      http.post(`core/teams/${teamId}/requests`, { type: 'invite', user_id: userId }),
    ),
  requests: (workspaceId: number) =>
    resource<{ requests: TeamRequest[] }>(
      http.get(`core/teams/requests?workspace_id=${workspaceId}&status=pending`),
    ).then((r) => r.requests),
  answer: (requestId: number, status: 'accepted' | 'declined' | 'cancelled') =>
    resource<{ request: TeamRequest }>(http.patch(`core/teams/requests/${requestId}`, { status })),
  information: (workspaceId: number, userIds: number[]) =>
    resource<TeamInformation>(
      http.post(`core/workspaces/${workspaceId}/team-information`, { user_ids: userIds }),
    ),
  /** Whether the workspace is public in the team generator. */
  isPublic: (workspaceId: number) =>
    resource<{ public: boolean }>(http.get(`teamgenerator/workspaces/${workspaceId}/public`)).then(
      (r) => r.public,
    ),
  publish: (workspaceId: number) =>
    resource(http.put(`teamgenerator/workspaces/${workspaceId}/public`, { summary: null })),
  unpublish: (workspaceId: number) =>
    resource(http.delete(`teamgenerator/workspaces/${workspaceId}/public`)),
  /** The teams as a spreadsheet, under the name the server gives it. */
  export: async (workspaceId: number, format: 'csv' | 'xlsx') => {
    const response = await http.get<Blob>(
      `core/workspaces/${workspaceId}/export-teams?format=${format}`,
      { responseType: 'blob' },
    );
    const disposition = String(response.headers['content-disposition'] ?? '');
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `teams.${format}`;
    return { blob: response.data, filename };
  },
};
