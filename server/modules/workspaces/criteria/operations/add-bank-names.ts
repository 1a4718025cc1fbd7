import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { nameBanks, type NameBankRow } from '../../../../db/schema';
import { bankNamesOf, type CriteriaDeps } from './criteria';

/** Add names to a bank; names already in it are left as they are. Answers the whole bank. */
export async function addBankNames(
  deps: CriteriaDeps,
  actor: Actor,
  input: { workspaceId: number; type: NameBankRow['type']; names: string[] },
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspaceId, 'manage_name_banks', {
    change: true,
  });
  await db
    .insert(nameBanks)
    .values(
      input.names.map((name) => ({
        workspaceId: access.workspace.id,
        type: input.type,
        name,
        createdBy: access.userId,
      })),
    )
    .onConflictDoNothing();
  return bankNamesOf(db, access.workspace.id, input.type);
}
