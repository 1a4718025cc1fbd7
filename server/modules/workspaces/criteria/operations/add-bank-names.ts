import { workspaceOperation } from '../../../../core/workspace-access';
import { nameBanks, type NameBankRow } from '../../../../db/schema';
import { bankNamesOf, type CriteriaDeps } from './criteria';

/** Add names to a bank; names already in it are left as they are. Answers the whole bank. */
export const addBankNames = workspaceOperation(
  'manage_name_banks',
  async (
    { db }: CriteriaDeps,
    access,
    input: { workspaceId: number; type: NameBankRow['type']; names: string[] },
  ) => {
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
  },
  { change: true },
);
