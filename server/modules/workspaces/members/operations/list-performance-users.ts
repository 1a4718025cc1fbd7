import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { requireFeature } from '../../../../core/plans';
import type { WorkspacesDeps } from '../../deps';
import { presentMember } from '../../present';
import { completionOf } from '../completion';
import { taskFiguresOf } from '../performance';

/** Members' task figures and profile completion (premium and enterprise plans). */
export async function listPerformanceUsers(
  deps: WorkspacesDeps,
  actor: Actor,
  workspaceId: number,
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, workspaceId, 'view_member_reports');
  requireFeature(access, 'performance_users');
  const rows = (await completionOf(db, actor, access.workspace.id)).filter(
    (r) => r.membership.role !== 'deactive',
  );
  const figures = await taskFiguresOf(
    db,
    access.workspace.id,
    rows.map((r) => r.user.id),
  );
  return {
    users: rows.map((r) => ({
      ...presentMember(r.membership, r.user),
      profile_completion_percent: r.percent,
      tasks: figures.get(r.user.id) ?? { assigned: 0, submitted: 0, completed: 0, overdue: 0 },
    })),
  };
}
