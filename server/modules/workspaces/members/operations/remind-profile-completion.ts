import type { Actor } from '../../../../core/actor';
import { workspaceOperation } from '../../../../core/workspace-access';
import type { WorkspacesDeps } from '../../deps';
import { queueWorkspaceMails } from '../../mails';
import { completionOf } from '../completion';

/** Mails members whose profile is incomplete a reminder to finish it; returns how many. */
export const remindProfileCompletion = workspaceOperation(
  'manage_members',
  async (
    { db }: WorkspacesDeps,
    access,
    input: { workspaceId: number; userIds?: number[] },
    actor: Actor,
  ) => {
    const rows = await completionOf(db, actor, access.workspace.id, input.userIds);
    const due = rows.filter(
      (r) =>
        !r.visibleStepsDone &&
        r.membership.role !== 'deactive' &&
        !r.user.deletedAt &&
        !r.user.deactivatedAt &&
        r.user.id !== access.userId,
    );
    const sentAt = Date.now();
    await queueWorkspaceMails(
      db,
      due.map((r) => ({
        key: `complete-profile:${access.workspace.id}:${r.user.id}:${sentAt}`,
        kind: 'complete_profile' as const,
        to: { email: r.user.email, name: r.user.firstName || null, language: r.user.language },
        vars: { workspace: access.workspace.name },
        link: { path: '/profile' },
      })),
    );
    return { reminded: due.length };
  },
  { change: true },
);
