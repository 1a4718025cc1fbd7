import type { QueryClient } from '@tanstack/react-query';
import type { basicInformationStep, planStep, ScheduleInput } from '@contracts/schedules';
import { workspaceDraftEndpoints } from '@contracts/endpoints/schedules';
import type { FORMATION_STRATEGIES } from '@contracts/team-formation';
import { teamFormationEndpoints } from '@contracts/endpoints/team-formation';
import { workspaceSettingsEndpoints } from '@contracts/endpoints/workspace-settings';
import type {
  CreateWorkspaceBody,
  INVITABLE_ROLES,
  MemberAccessKey,
  SortDirection,
  Workspace,
  WorkspaceRoleName,
  WorkspaceSort,
  WorkspaceStatus,
} from '@contracts/workspaces';
import { workspaceEndpoints as endpoints } from '@contracts/endpoints/workspaces';
import type { z } from 'zod';
import { api } from '@/lib/http';
import { workspaceKeys } from './keys';

/** After any change to workspaces or their members, every list and the menu are stale. */
export function refreshWorkspaces(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
}

type DraftStep<T extends z.ZodType> = z.input<T>;
const drafts = workspaceDraftEndpoints;
type FormationStrategy = (typeof FORMATION_STRATEGIES)[number];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const workspacesApi = {
  list: (status: WorkspaceStatus, sort: WorkspaceSort, direction: SortDirection) =>
    api.call(endpoints.list, { query: { status, sort, direction } }).then((r) => r.workspaces),
  publicList: () =>
    api
      .call(teamFormationEndpoints.publicWorkspaces, { query: { per_page: 100 } })
      .then((r) => r.workspaces.data),
  menu: () => api.call(endpoints.menu),
  get: (id: number) => api.call(endpoints.get, { params: { id } }),
  create: (body: CreateWorkspaceBody) => api.envelope(endpoints.create, { body }),
  update: (
    id: number,
    body: Partial<Pick<Workspace, 'name' | 'description' | 'start_date' | 'end_date'>>,
  ) => api.envelope(endpoints.update, { params: { id }, body }),
  setColor: (id: number, color: string) =>
    api.envelope(endpoints.setSchema, { params: { id }, body: { schema: { color } } }),
  setMemberAccess: (id: number, access: Partial<Record<MemberAccessKey, boolean>>) =>
    api.envelope(endpoints.setMemberAccess, { params: { id }, body: { member_access: access } }),
  setTeamFormationStrategy: (id: number, value: FormationStrategy | null) =>
    api.envelope(workspaceSettingsEndpoints.setTeamFormationStrategy, {
      params: { id },
      body: { team_formation: value },
    }),
  archive: (id: number) => api.envelope(endpoints.archive, { params: { id } }),
  restore: (id: number) => api.envelope(endpoints.restore, { params: { id } }),
  remove: (id: number) => api.envelope(endpoints.remove, { params: { id } }),
  leave: (id: number) => api.envelope(endpoints.leave, { params: { id } }),
  works: (id: number) => api.call(endpoints.works, { params: { id } }),

  members: (id: number) => api.call(endpoints.members, { params: { id } }).then((r) => r.users),
  changeRole: (id: number, userId: number, role: WorkspaceRoleName) =>
    api.envelope(endpoints.changeRole, { params: { id, user: userId }, body: { role } }),
  removeMember: (id: number, userId: number) =>
    api.envelope(endpoints.removeMember, { params: { id, user: userId } }),

  invite: (id: number, invitations: { email: string; role: InvitableRole }[]) =>
    api.envelope(endpoints.invite, { params: { id }, body: { invitations } }),
  inviteWithCsv: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.envelope(endpoints.inviteWithCsv, { params: { id }, body: form });
  },
  invited: (id: number) =>
    api.call(endpoints.invited, { params: { id } }).then((r) => r.invitations),
  revoke: (id: number, invitationId: number) =>
    api.envelope(endpoints.revoke, { params: { id, invitation: invitationId } }),
  resend: (id: number, invitationId: number) =>
    api.envelope(endpoints.resend, { params: { id, invitation: invitationId } }),
  inviteLink: (id: number) => api.call(endpoints.inviteLink, { params: { id } }),
  resetInviteLink: (id: number) => api.envelope(endpoints.resetInviteLink, { params: { id } }),

  previewInvitation: (token: string) =>
    api.call(endpoints.previewInvitation, { params: { token } }),
  join: (token: string) => api.envelope(endpoints.join, { body: { token } }),

  draft: (id: number) => api.call(drafts.get, { params: { id } }),
  startDraft: (body: DraftStep<typeof basicInformationStep>) => api.call(drafts.start, { body }),
  saveBasicInformation: (id: number, body: DraftStep<typeof basicInformationStep>) =>
    api.call(drafts.saveBasicInformation, { params: { id }, body }),
  savePlan: (id: number, body: DraftStep<typeof planStep>) =>
    api.call(drafts.savePlan, { params: { id }, body }),
  saveSchedule: (id: number, schedule: ScheduleInput | null) =>
    api.call(drafts.saveSchedule, { params: { id }, body: { schedule } }),
  completeDraft: (id: number) => api.envelope(drafts.complete, { params: { id } }),
};
