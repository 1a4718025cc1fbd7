import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { NameBankRow } from '../../../../db/schema';
import { bankNamesOf, type CriteriaDeps } from './criteria';

/** The names of one bank of a workspace. */
export async function listBankNames(
  deps: CriteriaDeps,
  actor: Actor,
  input: { workspaceId: number; type: NameBankRow['type'] },
) {
  const access = await workspaceAccessFor(deps.db, actor, input.workspaceId, 'view_workspace');
  return bankNamesOf(deps.db, access.workspace.id, input.type);
}
