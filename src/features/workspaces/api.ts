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
import { http, type Envelope } from '@/lib/http';

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

const data = async <T>(call: Promise<{ data: Envelope<T> }>) => (await call).data;
const resource = async <T>(call: Promise<{ data: Envelope<T> }>) => (await call).data.resource;

type PublicPage = z.infer<typeof publicWorkspacePage>;
type DraftStep<T extends z.ZodType> = z.input<T>;

export const workspacesApi = {
  list: (status: WorkspaceStatus, sort: WorkspaceSort, direction: SortDirection) =>
    resource<{ workspaces: Workspace[] }>(
      http.get('core/workspaces', { params: { status, sort, direction } }),
    ).then((r) => r.workspaces),
  publicList: () =>
    resource<PublicPage>(http.get('teamgenerator/workspaces', { params: { per_page: 100 } })).then(
      (r) => r.workspaces.data,
    ),
  menu: () => resource<WorkspacesMenu>(http.get('core/workspaces/menu')),
  get: (id: number) => resource<Workspace>(http.get(`core/workspaces/${id}`)),
  create: (body: CreateWorkspaceBody) => data<Workspace>(http.post('core/workspaces', body)),
  update: (
    id: number,
    body: Partial<Pick<Workspace, 'name' | 'description' | 'start_date' | 'end_date'>>,
  ) => data<Workspace>(http.patch(`core/workspaces/${id}`, body)),
  setColor: (id: number, color: string) =>
    data<Workspace>(http.put(`core/workspaces/${id}/schema`, { schema: { color } })),
  setMemberAccess: (id: number, access: Partial<Record<MemberAccessKey, boolean>>) =>
    data<Workspace>(http.put(`core/workspaces/${id}/member-access`, { member_access: access })),
  setTeamFormationStrategy: (id: number, value: string | null) =>
    data<Workspace>(
      http.put(`core/workspaces/${id}/team-formation-strategy`, { team_formation: value }),
    ),
  archive: (id: number) => data<Workspace>(http.post(`core/workspaces/archive/${id}`)),
  restore: (id: number) => data<Workspace>(http.post(`core/workspaces/restore/${id}`)),
  remove: (id: number) => data<object>(http.delete(`core/workspaces/${id}`)),
  leave: (id: number) => data<object>(http.delete(`core/workspaces/${id}/leave`)),
  works: (id: number) => resource<NumberOfWorks>(http.get(`core/workspaces/${id}/number-of-works`)),

  members: (id: number) =>
    resource<{ users: Member[] }>(http.get(`core/workspaces/${id}/users`)).then((r) => r.users),
  changeRole: (id: number, userId: number, role: WorkspaceRoleName) =>
    data<Member>(http.put(`core/workspaces/${id}/users/${userId}/change-role`, { role })),
  removeMember: (id: number, userId: number) =>
    data<object>(http.delete(`core/workspaces/${id}/users/${userId}`)),

  invite: (id: number, invitations: { email: string; role: WorkspaceRoleName }[]) =>
    data<{ results: { email: string; status: string; message: string }[] }>(
      http.post(`core/workspaces/${id}/invite`, { invitations }),
    ),
  inviteWithCsv: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return data<CsvInviteResult>(http.post(`core/workspaces/${id}/invite-with-csv`, form));
  },
  invited: (id: number) =>
    resource<{ invitations: Invitation[] }>(http.get(`core/workspaces/${id}/invited-list`)).then(
      (r) => r.invitations,
    ),
  revoke: (id: number, invitationId: number) =>
    data<object>(http.delete(`core/workspaces/${id}/invitation/${invitationId}`)),
  resend: (id: number, invitationId: number) =>
    data<Invitation>(http.post(`core/workspaces/${id}/invitation/${invitationId}/resend`)),
  inviteLink: (id: number) =>
    resource<{ link: string; token: string }>(http.get(`core/workspaces/${id}/invite`)),
  resetInviteLink: (id: number) =>
    data<{ link: string; token: string }>(http.post(`core/workspaces/${id}/invite/reset`)),

  previewInvitation: (token: string) =>
    resource<InvitationPreview>(http.get(`core/join/invitations/${encodeURIComponent(token)}`)),
  join: (token: string) =>
    data<{ workspace: Workspace; already_member: boolean }>(
      http.post('core/join/join-to-workspace', { token }),
    ),

  draft: (id: number) => resource<WorkspaceDraft>(http.get(`core/workspaces/generalized/${id}`)),
  startDraft: (body: DraftStep<typeof basicInformationStep>) =>
    resource<WorkspaceDraft>(http.post('core/workspaces/generalized', body)),
  saveBasicInformation: (id: number, body: DraftStep<typeof basicInformationStep>) =>
    resource<WorkspaceDraft>(http.put(`core/workspaces/generalized/${id}/basic-information`, body)),
  savePlan: (id: number, body: DraftStep<typeof planStep>) =>
    resource<WorkspaceDraft>(http.put(`core/workspaces/generalized/${id}/plan`, body)),
  saveSchedule: (id: number, schedule: ScheduleInput | null) =>
    resource<WorkspaceDraft>(http.put(`core/workspaces/generalized/${id}/schedule`, { schedule })),
  completeDraft: (id: number) =>
    data<Workspace>(http.post(`core/workspaces/generalized/${id}/complete`)),
};
