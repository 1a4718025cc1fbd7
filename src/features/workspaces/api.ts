import type { QueryClient } from '@tanstack/react-query';
import type {
  basicInformationStep,
  planStep,
  ScheduleInput,
  WorkspaceDraft,
} from '@contracts/schedules';
import type { publicWorkspacePage } from '@contracts/team-formation';
import type {
  CreateWorkspaceBody,
  CsvInviteResult,
  Invitation,
  InvitationPreview,
  Member,
  MemberAccessKey,
  NumberOfWorks,
  SortDirection,
  Workspace,
  WorkspaceRoleName,
  WorkspacesMenu,
  WorkspaceSort,
  WorkspaceStatus,
} from '@contracts/workspaces';
import type { z } from 'zod';
import { api, callEnvelope } from '@/lib/http';

/** Query keys of the workspaces area, built in one place (TanStack Query). */
export const workspaceKeys = {
  all: ['core', 'workspaces'] as const,
  list: (status: WorkspaceStatus, sort: WorkspaceSort, direction: SortDirection) =>
    [...workspaceKeys.all, 'list', status, sort, direction] as const,
  publicList: () => ['teamgenerator', 'workspaces'] as const,
  menu: () => [...workspaceKeys.all, 'menu'] as const,
  detail: (id: number) => [...workspaceKeys.all, id] as const,
  members: (id: number) => [...workspaceKeys.all, id, 'users'] as const,
  invited: (id: number) => [...workspaceKeys.all, id, 'invited-list'] as const,
  inviteLink: (id: number) => [...workspaceKeys.all, id, 'invite'] as const,
  works: (id: number) => [...workspaceKeys.all, id, 'number-of-works'] as const,
  draft: (id: number) => ['core', 'workspaces', 'generalized', id] as const,
  invitation: (token: string) => ['core', 'join', 'invitations', token] as const,
};

/** After any change to workspaces or their members, every list and the menu are stale. */
export function refreshWorkspaces(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
}

type PublicPage = z.infer<typeof publicWorkspacePage>;
type DraftStep<T extends z.ZodType> = z.input<T>;

export const workspacesApi = {
  list: (status: WorkspaceStatus, sort: WorkspaceSort, direction: SortDirection) =>
    api
      .get<{ workspaces: Workspace[] }>('core/workspaces', { params: { status, sort, direction } })
      .then((r) => r.workspaces),
  publicList: () =>
    api
      .get<PublicPage>('teamgenerator/workspaces', { params: { per_page: 100 } })
      .then((r) => r.workspaces.data),
  menu: () => api.get<WorkspacesMenu>('core/workspaces/menu'),
  get: (id: number) => api.get<Workspace>(`core/workspaces/${id}`),
  create: (body: CreateWorkspaceBody) => callEnvelope<Workspace>('post', 'core/workspaces', body),
  update: (
    id: number,
    body: Partial<Pick<Workspace, 'name' | 'description' | 'start_date' | 'end_date'>>,
  ) => callEnvelope<Workspace>('patch', `core/workspaces/${id}`, body),
  setColor: (id: number, color: string) =>
    callEnvelope<Workspace>('put', `core/workspaces/${id}/schema`, { schema: { color } }),
  setMemberAccess: (id: number, access: Partial<Record<MemberAccessKey, boolean>>) =>
    callEnvelope<Workspace>('put', `core/workspaces/${id}/member-access`, {
      member_access: access,
    }),
  setTeamFormationStrategy: (id: number, value: string | null) =>
    callEnvelope<Workspace>('put', `core/workspaces/${id}/team-formation-strategy`, {
      team_formation: value,
    }),
  archive: (id: number) => callEnvelope<Workspace>('post', `core/workspaces/archive/${id}`),
  restore: (id: number) => callEnvelope<Workspace>('post', `core/workspaces/restore/${id}`),
  remove: (id: number) => callEnvelope<object>('delete', `core/workspaces/${id}`),
  leave: (id: number) => callEnvelope<object>('delete', `core/workspaces/${id}/leave`),
  works: (id: number) => api.get<NumberOfWorks>(`core/workspaces/${id}/number-of-works`),

  members: (id: number) =>
    api.get<{ users: Member[] }>(`core/workspaces/${id}/users`).then((r) => r.users),
  changeRole: (id: number, userId: number, role: WorkspaceRoleName) =>
    callEnvelope<Member>('put', `core/workspaces/${id}/users/${userId}/change-role`, { role }),
  removeMember: (id: number, userId: number) =>
    callEnvelope<object>('delete', `core/workspaces/${id}/users/${userId}`),

  invite: (id: number, invitations: { email: string; role: WorkspaceRoleName }[]) =>
    callEnvelope<{ results: { email: string; status: string; message: string }[] }>(
      'post',
      `core/workspaces/${id}/invite`,
      { invitations },
    ),
  inviteWithCsv: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return callEnvelope<CsvInviteResult>('post', `core/workspaces/${id}/invite-with-csv`, form);
  },
  invited: (id: number) =>
    api
      .get<{ invitations: Invitation[] }>(`core/workspaces/${id}/invited-list`)
      .then((r) => r.invitations),
  revoke: (id: number, invitationId: number) =>
    callEnvelope<object>('delete', `core/workspaces/${id}/invitation/${invitationId}`),
  resend: (id: number, invitationId: number) =>
    callEnvelope<Invitation>('post', `core/workspaces/${id}/invitation/${invitationId}/resend`),
  inviteLink: (id: number) =>
    api.get<{ link: string; token: string }>(`core/workspaces/${id}/invite`),
  resetInviteLink: (id: number) =>
    callEnvelope<{ link: string; token: string }>('post', `core/workspaces/${id}/invite/reset`),

  previewInvitation: (token: string) =>
    api.get<InvitationPreview>(`core/join/invitations/${encodeURIComponent(token)}`),
  join: (token: string) =>
    callEnvelope<{ workspace: Workspace; already_member: boolean }>(
      'post',
      'core/join/join-to-workspace',
      { token },
    ),

  draft: (id: number) => api.get<WorkspaceDraft>(`core/workspaces/generalized/${id}`),
  startDraft: (body: DraftStep<typeof basicInformationStep>) =>
    api.post<WorkspaceDraft>('core/workspaces/generalized', body),
  saveBasicInformation: (id: number, body: DraftStep<typeof basicInformationStep>) =>
    api.put<WorkspaceDraft>(`core/workspaces/generalized/${id}/basic-information`, body),
  savePlan: (id: number, body: DraftStep<typeof planStep>) =>
    api.put<WorkspaceDraft>(`core/workspaces/generalized/${id}/plan`, body),
  saveSchedule: (id: number, schedule: ScheduleInput | null) =>
    api.put<WorkspaceDraft>(`core/workspaces/generalized/${id}/schedule`, { schedule }),
  completeDraft: (id: number) =>
    callEnvelope<Workspace>('post', `core/workspaces/generalized/${id}/complete`),
};
