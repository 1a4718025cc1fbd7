import { endpoint } from '../endpoint';
import type {
  boardView,
  boardViewBody,
  boardViewList,
  changeRoleBody,
  coreMenu,
  createWorkspaceBody,
  csvInviteResult,
  invitation,
  invitationPreview,
  inviteBody,
  inviteLink,
  inviteResult,
  invitedList,
  joinBody,
  joinResult,
  member,
  memberAccessBody,
  memberList,
  numberOfWorks,
  schemaBody,
  updateWorkspaceBody,
  workspace,
  workspaceList,
  workspaceListQuery,
  workspacesMenu,
} from '../workspaces';
import type { emptyResource } from '../common';

export const workspaceEndpoints = {
  list: endpoint('GET', 'core/workspaces').of<{
    query: typeof workspaceListQuery;
    response: typeof workspaceList;
  }>(),
  menu: endpoint('GET', 'core/workspaces/menu').of<{ response: typeof workspacesMenu }>(),
  /** The counts the app's menu shows beside its sections. */
  coreMenu: endpoint('GET', 'core/menu').of<{ response: typeof coreMenu }>(),
  get: endpoint('GET', 'core/workspaces/:id').of<{ response: typeof workspace }>(),
  create: endpoint('POST', 'core/workspaces').of<{
    body: typeof createWorkspaceBody;
    response: typeof workspace;
  }>(),
  update: endpoint('PATCH', 'core/workspaces/:id').of<{
    body: typeof updateWorkspaceBody;
    response: typeof workspace;
  }>(),
  setSchema: endpoint('PUT', 'core/workspaces/:id/schema').of<{
    body: typeof schemaBody;
    response: typeof workspace;
  }>(),
  setMemberAccess: endpoint('PUT', 'core/workspaces/:id/member-access').of<{
    body: typeof memberAccessBody;
    response: typeof workspace;
  }>(),
  archive: endpoint('POST', 'core/workspaces/archive/:id').of<{ response: typeof workspace }>(),
  restore: endpoint('POST', 'core/workspaces/restore/:id').of<{ response: typeof workspace }>(),
  remove: endpoint('DELETE', 'core/workspaces/:id').of<{ response: typeof emptyResource }>(),
  leave: endpoint('DELETE', 'core/workspaces/:id/leave').of<{ response: typeof emptyResource }>(),
  works: endpoint('GET', 'core/workspaces/:id/number-of-works').of<{
    response: typeof numberOfWorks;
  }>(),
  members: endpoint('GET', 'core/workspaces/:id/users').of<{ response: typeof memberList }>(),
  changeRole: endpoint('PUT', 'core/workspaces/:id/users/:user/change-role').of<{
    body: typeof changeRoleBody;
    response: typeof member;
  }>(),
  removeMember: endpoint('DELETE', 'core/workspaces/:id/users/:user').of<{
    response: typeof emptyResource;
  }>(),
  invite: endpoint('POST', 'core/workspaces/:id/invite').of<{
    body: typeof inviteBody;
    response: typeof inviteResult;
  }>(),
  inviteWithCsv: endpoint('POST', 'core/workspaces/:id/invite-with-csv').of<{
    body: 'form';
    response: typeof csvInviteResult;
  }>(),
  invited: endpoint('GET', 'core/workspaces/:id/invited-list').of<{
    response: typeof invitedList;
  }>(),
  revoke: endpoint('DELETE', 'core/workspaces/:id/invitation/:invitation').of<{
    response: typeof emptyResource;
  }>(),
  resend: endpoint('POST', 'core/workspaces/:id/invitation/:invitation/resend').of<{
    response: typeof invitation;
  }>(),
  inviteLink: endpoint('GET', 'core/workspaces/:id/invite').of<{ response: typeof inviteLink }>(),
  resetInviteLink: endpoint('POST', 'core/workspaces/:id/invite/reset').of<{
    response: typeof inviteLink;
  }>(),
  previewInvitation: endpoint('GET', 'core/join/invitations/:token').of<{
    response: typeof invitationPreview;
  }>(),
  join: endpoint('POST', 'core/join/join-to-workspace').of<{
    body: typeof joinBody;
    response: typeof joinResult;
  }>(),
};

/** A person's saved views of a workspace's sections. */
export const boardViewEndpoints = {
  list: endpoint('GET', 'core/workspaces/:id/board_views').of<{ response: typeof boardViewList }>(),
  create: endpoint('POST', 'core/workspaces/:id/board_views').of<{
    body: typeof boardViewBody;
    response: typeof boardView;
  }>(),
  remove: endpoint('DELETE', 'core/board_views/:id').of<{ response: typeof emptyResource }>(),
};
