import { workspaceOperation } from '../../../../core/workspace-access';
import type { NameBankRow } from '../../../../db/schema';
import { bankNamesOf, type CriteriaDeps } from './criteria';

/** The names of one bank of a workspace. */
export const listBankNames = workspaceOperation(
  'view_workspace',
  async (deps: CriteriaDeps, access, input: { workspaceId: number; type: NameBankRow['type'] }) => {
    return bankNamesOf(deps.db, access.workspace.id, input.type);
  },
);
