import type { SortDirection, WorkspaceSort, WorkspaceStatus } from '@contracts/workspaces';

/** Query keys of the workspaces area, built in one place (TanStack Query). */
export const workspaceKeys = {
  all: ['core', 'workspaces'] as const,
  list: (status: WorkspaceStatus, sort: WorkspaceSort, direction: SortDirection) =>
    [...workspaceKeys.all, 'list', status, sort, direction] as const,
  /** The open ones in the server's default order (the Teams tabs' pickers). */
  open: () => [...workspaceKeys.all, 'open'] as const,
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
