import type { Actor } from '../../../../core/actor';
import { canUseFeature } from '../../../../auth/permissions';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { refusal } from '../../../../http/errors';
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
  if (!canUseFeature(access, access.workspace.paymentType, 'performance_users')) {
    throw refusal(403, 'plan_required', 'workspaces:messages.plan_required');
  }
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
