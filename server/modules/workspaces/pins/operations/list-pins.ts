import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { WorkspacesDeps } from '../../deps';
import { pinListsOf } from '../pin-lists';

/** A workspace's general pins and the actor's personal pins. */
export async function listPins(deps: WorkspacesDeps, actor: Actor, workspaceId: number) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'view_workspace');
  return pinListsOf(deps.db, access);
}
