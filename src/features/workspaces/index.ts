export { workspaceKeys } from './keys';
/** What other features may use of the workspaces area. */
export { refreshWorkspaces, workspacesApi, type InvitableRole } from './api';
export { useWorkspace, useWorkspaceQuery } from './area/use-workspace';
export {
  ALL_WORKSPACES_VALUE,
  WORKSPACES_CATEGORY,
  WorkspaceMenu,
  workspaceNavValue,
} from './area/WorkspaceMenu';
