import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { WorkspaceQuestionRow } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { questionsOf } from './questions';

/** The workspace's questions of one type, in order. */
export async function listQuestions(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { workspaceId: number; type: WorkspaceQuestionRow['type'] },
) {
  const access = await workspaceAccessFor(deps.db, actor, input.workspaceId, 'view_workspace');
  return questionsOf(deps.db, access.workspace.id, input.type);
}
