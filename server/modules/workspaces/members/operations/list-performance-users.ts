import type { Actor } from '../../../../core/actor';
import { workspaceOperation } from '../../../../core/workspace-access';
import { requireFeature } from '../../../../core/plans';
import type { WorkspacesDeps } from '../../deps';
import { presentMember } from '../../present';
import { completionOf } from '../completion';
import { taskFiguresOf } from '../performance';

/** Members' task figures and profile completion (premium and enterprise plans). */
export const listPerformanceUsers = workspaceOperation(
  'view_member_reports',
  async ({ db }: WorkspacesDeps, access, workspaceId: number, actor: Actor) => {
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
  },
);
