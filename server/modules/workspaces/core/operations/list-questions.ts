import { workspaceOperation } from '../../../../core/workspace-access';
import type { WorkspaceQuestionRow } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { questionsOf } from './questions';

/** The workspace's questions of one type, in order. */
export const listQuestions = workspaceOperation(
  'view_workspace',
  async (
    deps: WorkspacesDeps,
    access,
    input: { workspaceId: number; type: WorkspaceQuestionRow['type'] },
  ) => {
    return questionsOf(deps.db, access.workspace.id, input.type);
  },
);
