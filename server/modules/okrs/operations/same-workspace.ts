import type { ObjectiveRow } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';

/** Spec 7.2: a change may name the workspace; it must be the objective's own. */
export function sameWorkspace(given: number | undefined, objective: ObjectiveRow) {
  if (given !== undefined && given !== objective.workspaceId) {
    throw validationFailed({ workspace_id: 'okrs:messages.workspace_mismatch' });
  }
}
