import type { AppDeps } from '../../context';

/**
 * Tells the workspace's open OKR screens to refetch (only the workspace's id travels). Each
 * operation that changed something calls it once its transaction has committed, so a change made
 * from a job or the socket is heard as well as one made over HTTP.
 */
export function okrsChanged(deps: Pick<AppDeps, 'realtime'>, workspaceId: number) {
  deps.realtime.toWorkspace(workspaceId, 'okr-changed', { workspace_id: workspaceId });
}
