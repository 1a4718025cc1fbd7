import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { WorkspacesDeps } from '../../deps';
import { presentMember } from '../../present';
import { completionOf } from '../completion';

/** Members with how complete their profiles are, as the actor may see it. */
export async function listProfileCompletion(
  deps: WorkspacesDeps,
  actor: Actor,
  workspaceId: number,
) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'view_member_reports');
  const rows = await completionOf(deps.db, actor, access.workspace.id);
  return {
    users: rows.map((r) => ({
      ...presentMember(r.membership, r.user),
      profile_completion_percent: r.percent,
    })),
  };
}
