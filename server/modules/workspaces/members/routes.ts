import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { emptyResource, envelope } from '@contracts/common';
import {
  changeRoleBody,
  member as memberSchema,
  memberList,
  memberParams,
  performanceUsers,
  profileCompletion,
  remindProfileBody,
  remindProfileResult,
  workspaceIdParam,
} from '@contracts/workspaces';
import { requireAuth } from '../../../auth/guard';
import { can, canUseFeature } from '../../../auth/permissions';
import { privacyOf } from '../../../auth/privacy';
import { users, workspaceMembers, type UserRow } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { conflict, forbidden, notFound, refusal } from '../../../http/errors';
import type { App } from '../../../http/types';
import { profileCompletionFor, visibleStepsDone } from '../../profile';
import { requireWorkspaceChange, requireWorkspacePermission } from '../../../core/workspace-access';
import { announceMembershipChange } from '../live';
import { queueWorkspaceMails } from '../mails';
import { personColumns } from '../../../core/people';
import { presentMember } from '../present';
import { assertSeatsFree, lockWorkspace } from './member-cap';
import { taskFiguresOf } from './performance';
import { assertNotLastOwner, endMembership } from './removal';

const tags = ['workspace members'];

type Viewer = Pick<UserRow, 'id' | 'role'>;

/** Owners first, then admins, members, viewers and deactivated members; by name within. */
const roleOrder = sql`case ${workspaceMembers.role}
  when 'owner' then 0 when 'admin' then 1 when 'member' then 2 when 'viewer' then 3 else 4 end`;

export default async function workspaceMemberRoutes(app: App) {
  const { deps } = app;
  const { db } = deps;

  async function membersOf(workspaceId: number) {
    return db
      .select({ membership: workspaceMembers, person: personColumns })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(roleOrder, asc(sql`lower(${users.firstName} || ' ' || ${users.lastName})`));
  }

  app.get(
    '/workspaces/:id/users',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(memberList) } } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_members',
      );
      const rows = await membersOf(access.workspace.id);
      return ok({ users: rows.map((r) => presentMember(r.membership, r.person)) });
    },
  );

  app.put(
    '/workspaces/:id/users/:user/change-role',
    {
      schema: {
        tags,
        params: memberParams,
        body: changeRoleBody,
        response: { 200: envelope(memberSchema) },
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'manage_members');
      const role = request.body.role;
      const { member, changed } = await db.transaction(async (tx) => {
        await lockWorkspace(tx, access.workspace.id);
        const [target] = await tx
          .select()
          .from(workspaceMembers)
          .where(
            and(
              eq(workspaceMembers.workspaceId, access.workspace.id),
              eq(workspaceMembers.userId, request.params.user),
            ),
          );
        if (!target) throw notFound('workspaces:messages.member_not_found');
        if (target.userId === access.userId && !access.isSupervisor) {
          throw conflict('workspaces:messages.own_role');
        }
        // Making or unmaking an owner is for owners alone.
        if ((target.role === 'owner' || role === 'owner') && !can(access, 'manage_owners')) {
          throw forbidden();
        }
        if (target.role === role) return { member: target, changed: false };
        await assertNotLastOwner(tx, access.workspace.id, target.role);
        if (target.role === 'deactive') await assertSeatsFree(tx, access.workspace.id, 1);
        const [updated] = await tx
          .update(workspaceMembers)
          .set({ role })
          .where(eq(workspaceMembers.id, target.id))
          .returning();
        return { member: updated, changed: true };
      });
      if (changed) {
        announceMembershipChange(deps, {
          workspaceId: access.workspace.id,
          userId: member.userId,
          kind: 'role_changed',
          role,
        });
      }
      const [person] = await db
        .select(personColumns)
        .from(users)
        .where(eq(users.id, member.userId));
      return ok(presentMember(member, person), 'workspaces:messages.role_changed');
    },
  );

  app.delete(
    '/workspaces/:id/users/:user',
    { schema: { tags, params: memberParams, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'manage_members',
      );
      await db.transaction(async (tx) => {
        const [target] = await tx
          .select()
          .from(workspaceMembers)
          .where(
            and(
              eq(workspaceMembers.workspaceId, access.workspace.id),
              eq(workspaceMembers.userId, request.params.user),
            ),
          )
          .for('update');
        if (!target) throw notFound('workspaces:messages.member_not_found');
        if (target.userId === access.userId) throw conflict('workspaces:messages.remove_self');
        if (target.role === 'owner' && !can(access, 'manage_owners')) throw forbidden();
        await assertNotLastOwner(tx, access.workspace.id, target.role);
        await endMembership(tx, access.workspace.id, target.userId);
      });
      announceMembershipChange(deps, {
        workspaceId: access.workspace.id,
        userId: request.params.user,
        kind: 'removed',
      });
      return ok({}, 'workspaces:messages.member_removed');
    },
  );

  /**
   * Members with how complete their profiles are (spec 2.12's profile steps), as the viewer
   * may see it: null for anyone who keeps a part the figure is made of from the viewer.
   */
  async function completionOf(viewer: Viewer, workspaceId: number, onlyUserIds?: number[]) {
    const rows = await db
      .select({ membership: workspaceMembers, user: users })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspaceId),
          onlyUserIds ? inArray(workspaceMembers.userId, onlyUserIds) : undefined,
        ),
      )
      .orderBy(roleOrder, asc(users.id));
    const privacy = await privacyOf(
      db,
      viewer,
      rows.map((row) => row.user),
    );
    const result: {
      membership: typeof workspaceMembers.$inferSelect;
      user: UserRow;
      percent: number | null;
      visibleStepsDone: boolean;
    }[] = [];
    for (const row of rows) {
      result.push({
        ...row,
        percent: await profileCompletionFor(db, privacy, row.user),
        visibleStepsDone: await visibleStepsDone(db, privacy, row.user),
      });
    }
    return result;
  }

  app.get(
    '/workspaces/:id/users/profile-completion',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(profileCompletion) } } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_member_reports',
      );
      const rows = await completionOf(requireAuth(request).user, access.workspace.id);
      return ok({
        users: rows.map((r) => ({
          ...presentMember(r.membership, r.user),
          profile_completion_percent: r.percent,
        })),
      });
    },
  );

  app.post(
    '/workspaces/:id/users/invite-complete-profile',
    {
      schema: {
        tags,
        summary: 'Mail members whose profile is incomplete a reminder to finish it',
        params: workspaceIdParam,
        body: remindProfileBody,
        response: { 200: envelope(remindProfileResult) },
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'manage_members');
      const rows = await completionOf(
        requireAuth(request).user,
        access.workspace.id,
        request.body.user_ids,
      );
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
      const reminded = due.length;
      return ok(
        { reminded },
        { key: 'workspaces:messages.profile_reminders_sent', params: { count: reminded } },
      );
    },
  );

  app.get(
    '/workspaces/:id/performance-users',
    {
      schema: {
        tags,
        summary: "Members' task figures and profile completion (premium and enterprise plans)",
        params: workspaceIdParam,
        response: { 200: envelope(performanceUsers) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_member_reports',
      );
      if (!canUseFeature(access, access.workspace.paymentType, 'performance_users')) {
        throw refusal(403, 'plan_required', 'workspaces:messages.plan_required');
      }
      const rows = (await completionOf(requireAuth(request).user, access.workspace.id)).filter(
        (r) => r.membership.role !== 'deactive',
      );
      const figures = await taskFiguresOf(
        db,
        access.workspace.id,
        rows.map((r) => r.user.id),
      );
      return ok({
        users: rows.map((r) => ({
          ...presentMember(r.membership, r.user),
          profile_completion_percent: r.percent,
          tasks: figures.get(r.user.id) ?? { assigned: 0, submitted: 0, completed: 0, overdue: 0 },
        })),
      });
    },
  );
}
