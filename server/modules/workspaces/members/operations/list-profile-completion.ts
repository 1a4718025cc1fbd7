import type { Actor } from '../../../../core/actor';
import { workspaceOperation } from '../../../../core/workspace-access';
import type { WorkspacesDeps } from '../../deps';
import { presentMember } from '../../present';
import { completionOf } from '../completion';

/** Members with how complete their profiles are, as the actor may see it. */
export const listProfileCompletion = workspaceOperation(
  'view_member_reports',
  async (deps: WorkspacesDeps, access, workspaceId: number, actor: Actor) => {
    const rows = await completionOf(deps.db, actor, access.workspace.id);
    return {
      users: rows.map((r) => ({
        ...presentMember(r.membership, r.user),
        profile_completion_percent: r.percent,
      })),
    };
  },
);
