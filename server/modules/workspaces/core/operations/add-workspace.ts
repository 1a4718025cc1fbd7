import type { CreateWorkspaceBody } from '@contracts/workspaces';
import type { Actor } from '../../../../core/actor';
import type { WorkspacesDeps } from '../../deps';
import { presentWorkspace } from '../../present';
import { assertDateOrder, createWorkspace } from '../create-workspace';

/** A new workspace; the actor becomes its owner. */
export async function addWorkspace(deps: WorkspacesDeps, actor: Actor, input: CreateWorkspaceBody) {
  const { db } = deps;
  assertDateOrder(input.start_date ?? null, input.end_date ?? null);
  const created = await db.transaction((tx) => createWorkspace(tx, actor.userId, input));
  return presentWorkspace(db, created, 'owner', {
    id: actor.userId,
    isSupervisor: actor.role === 'supervisor',
  });
}
