import type { z } from 'zod';
import type { Member } from '@contracts/workspaces';
import type {
  createTeamBody,
  team,
  teamInformation,
  teamModalInformation,
  teamRequest,
  updateTeamBody,
} from '@contracts/workspace-teams';
import { api, http } from '@/lib/http';

export type Team = z.infer<typeof team>;
export type TeamRequest = z.infer<typeof teamRequest>;
export type TeamCard = z.infer<typeof teamModalInformation>;
export type TeamInformation = z.infer<typeof teamInformation>;

export const teamKeys = {
  all: ['teams'] as const,
  members: (workspaceId: number) => ['teams', 'members', workspaceId] as const,
  list: (workspaceId: number) => ['teams', 'list', workspaceId] as const,
  requests: (workspaceId: number) => ['teams', 'requests', workspaceId] as const,
  card: (teamId: number) => ['teams', 'card', teamId] as const,
  public: (workspaceId: number) => ['teams', 'public', workspaceId] as const,
};

/** Spec 7.2 and 7.3: the calls of teams inside a workspace. */
export const teamsApi = {
  members: (id: number) =>
    api.get<{ users: Member[] }>(`core/workspaces/${id}/users`).then((r) => r.users),
  list: (workspaceId: number) =>
    api.get<{ teams: Team[]; user_team: Team | null }>(`core/workspaces/${workspaceId}/teams`),
  card: (teamId: number) => api.get<TeamCard>(`core/teams/${teamId}/modal-information`),
  create: (workspaceId: number, body: z.input<typeof createTeamBody>) =>
    api.post<{ team: Team }>(`core/workspaces/${workspaceId}/teams`, body),
  update: (teamId: number, body: z.input<typeof updateTeamBody>) =>
    api.patch<{ team: Team }>(`core/teams/${teamId}`, body),
  remove: (teamId: number) => api.delete(`core/teams/${teamId}`),
  removeByMember: (teamId: number) => api.delete(`core/teams/${teamId}/by-member`),
  setMembers: (teamId: number, userIds: number[], move: boolean) =>
    api.put<{ team: Team }>(`core/teams/${teamId}/members`, { user_ids: userIds, move }),
  removeMember: (teamId: number, userId: number) =>
    api.delete(`core/teams/${teamId}/members/${userId}`),
  leave: (teamId: number) => api.post(`core/teams/${teamId}/leave`),
  subscribe: (teamId: number) =>
    api.post<{ team: Team }>(`core/teams/${teamId}/subscribing-by-member`),
  requestJoin: (teamId: number) =>
    api.post<{ request: TeamRequest }>(`core/teams/${teamId}/requests`, { type: 'join' }),
  invite: (teamId: number, userId: number) =>
    api.post<{ request: TeamRequest }>(`core/teams/${teamId}/requests`, {
      type: 'invite',
      user_id: userId,
    }),
  requests: (workspaceId: number) =>
    api
      .get<{ requests: TeamRequest[] }>(
        `core/teams/requests?workspace_id=${workspaceId}&status=pending`,
      )
      .then((r) => r.requests),
  answer: (requestId: number, status: 'accepted' | 'declined' | 'cancelled') =>
    api.patch<{ request: TeamRequest }>(`core/teams/requests/${requestId}`, { status }),
  information: (workspaceId: number, userIds: number[]) =>
    api.post<TeamInformation>(`core/workspaces/${workspaceId}/team-information`, {
      user_ids: userIds,
    }),
  /** Whether the workspace is public in the team generator. */
  isPublic: (workspaceId: number) =>
    api
      .get<{ public: boolean }>(`teamgenerator/workspaces/${workspaceId}/public`)
      .then((r) => r.public),
  publish: (workspaceId: number) =>
    api.put(`teamgenerator/workspaces/${workspaceId}/public`, { summary: null }),
  unpublish: (workspaceId: number) => api.delete(`teamgenerator/workspaces/${workspaceId}/public`),
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
