import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { emptyResource, envelope } from '@contracts/common';
import { FORMATION_STRATEGIES } from '@contracts/team-formation';
import { teamFormationStrategies, teamFormationStrategyBody } from '@contracts/workspace-settings';
import {
  availability,
  commonWorkspace,
  commonWorkspacesQuery,
  createWorkspaceBody,
  memberAccessBody,
  modalInformation,
  numberOfWorks as numberOfWorksSchema,
  paymentBody,
  schemaBody,
  updateWorkspaceBody,
  workspace as workspaceSchema,
  workspaceIdParam,
  workspaceList,
  workspaceListQuery,
} from '@contracts/workspaces';
import { requireAuth } from '../../../auth/guard';
import {
  userProfiles,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  type WorkspaceRow,
} from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { conflict, notFound } from '../../../http/errors';
import type { App } from '../../../http/types';
import {
  requireWorkspaceChange,
  requireWorkspacePermission,
  type WorkspaceAccess,
} from '../../../core/workspace-access';
import { storageFor } from '../../../storage';
import { workspaceFileKeys } from '../../../storage/references';
import { announceMembershipChange } from '../live';
import { assertNotLastOwner, endMembership } from '../members/removal';
import { personColumns, presentPerson } from '../../../core/people';
import { presentWorkspace, presentWorkspaceRow, todayUtc } from '../present';
import { assertDateOrder, createWorkspace } from './create-workspace';
import { commonWorkspaces, listWorkspacesOf } from './list';
import { numberOfWorks } from '../../../core/work-counters';
import { memberWorkspacesVersion } from '../../../core/workspace-changes';
import { visibilityOf } from '../../../auth/privacy';

const tags = ['workspaces'];
const workspaceResponse = { 200: envelope(workspaceSchema) };

export default async function workspaceCoreRoutes(app: App) {
  const { db, keptAnswers } = app.deps;
  const viewerOf = (access: WorkspaceAccess) => ({
    id: access.userId,
    isSupervisor: access.isSupervisor,
  });
  const present = (access: WorkspaceAccess, row: WorkspaceRow = access.workspace) =>
    presentWorkspace(db, row, access.role, viewerOf(access));

  async function updateWorkspace(id: number, values: Partial<typeof workspaces.$inferInsert>) {
    const [row] = await db
      .update(workspaces)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(workspaces.id, id))
      .returning();
    return row;
  }

  app.get(
    '/workspaces',
    {
      schema: {
        tags,
        summary: "The caller's workspaces in one list",
        querystring: workspaceListQuery,
        response: { 200: envelope(workspaceList) },
      },
      // Every page load of the frame asks for it: the list is kept (server/http/response-cache.ts)
      // while none of the caller's workspaces has changed, checked with the session's query.
      config: { sessionExtra: { shape: 'member_workspaces', sql: memberWorkspacesVersion } },
    },
    async (request, reply) => {
      const { user, extra } = requireAuth(request);
      const viewer = { id: user.id, isSupervisor: user.role === 'supervisor' };
      // A workspace's status moves with the date alone (its end date passing).
      const today = todayUtc();
      const key = ['workspaces', user.id, user.role, today, JSON.stringify(request.query)];
      const version = typeof extra === 'string' ? extra : undefined;
      return keptAnswers.answer(reply, key.join(':'), version, async () => {
        const { rows, meta } = await listWorkspacesOf(db, user.id, request.query);
        const listed = rows.map((row) => presentWorkspaceRow(row, viewer, today));
        return { body: ok({ workspaces: listed, meta }) };
      });
    },
  );

  app.get(
    '/workspaces/common',
    {
      schema: {
        tags,
        summary: 'Workspaces the caller shares with another person',
        querystring: commonWorkspacesQuery,
        response: { 200: envelope(z.object({ workspaces: z.array(commonWorkspace) })) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const rows = await commonWorkspaces(db, user.id, request.query.user_id);
      return ok({
        workspaces: rows.map(({ workspace }) => ({
          id: workspace.id,
          name: workspace.name,
          workspace_type: workspace.workspaceType,
          schema: { color: workspace.schema.color ?? null },
        })),
      });
    },
  );

  app.post(
    '/workspaces',
    {
      schema: {
        tags,
        summary: 'Create a workspace; the creator becomes its owner',
        body: createWorkspaceBody,
        response: { 201: envelope(workspaceSchema) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const body = request.body;
      assertDateOrder(body.start_date ?? null, body.end_date ?? null);
      const created = await db.transaction((tx) => createWorkspace(tx, user.id, body));
      const presented = await presentWorkspace(db, created, 'owner', {
        id: user.id,
        isSupervisor: user.role === 'supervisor',
      });
      return reply.status(201).send(ok(presented, 'workspaces:messages.created'));
    },
  );

  app.get(
    '/workspaces/:id',
    { schema: { tags, params: workspaceIdParam, response: workspaceResponse } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      // Opening a workspace makes it the one the menu comes back to (spec 4).
      if (access.role) {
        await db
          .update(users)
          .set({ lastActiveWorkspaceId: access.workspace.id })
          .where(eq(users.id, access.userId));
      }
      return ok(await present(access));
    },
  );

  app.patch(
    '/workspaces/:id',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        body: updateWorkspaceBody,
        response: workspaceResponse,
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(
        request,
        db,
        request.params.id,
        'update_workspace',
      );
      const body = request.body;
      const current = access.workspace;
      assertDateOrder(
        body.start_date !== undefined ? body.start_date : current.startDate,
        body.end_date !== undefined ? body.end_date : current.endDate,
      );
      const updated = await updateWorkspace(current.id, {
        name: body.name,
        description: body.description,
        startDate: body.start_date,
        endDate: body.end_date,
        status: body.status,
      });
      return ok(await present(access, updated), 'workspaces:messages.saved');
    },
  );

  app.patch(
    '/workspaces/:id/payment',
    { schema: { tags, params: workspaceIdParam, body: paymentBody, response: workspaceResponse } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'manage_billing',
      );
      const updated = await updateWorkspace(access.workspace.id, {
        paymentType: request.body.payment_type,
      });
      return ok(await present(access, updated), 'workspaces:messages.saved');
    },
  );

  app.put(
    '/workspaces/:id/schema',
    { schema: { tags, params: workspaceIdParam, body: schemaBody, response: workspaceResponse } },
    async (request) => {
      const access = await requireWorkspaceChange(
        request,
        db,
        request.params.id,
        'update_workspace',
      );
      const updated = await updateWorkspace(access.workspace.id, {
        schema: { ...access.workspace.schema, color: request.body.schema.color.toLowerCase() },
      });
      return ok(await present(access, updated), 'workspaces:messages.saved');
    },
  );

  app.put(
    '/workspaces/:id/member-access',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        body: memberAccessBody,
        response: workspaceResponse,
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(
        request,
        db,
        request.params.id,
        'update_workspace',
      );
      const updated = await updateWorkspace(access.workspace.id, {
        memberAccess: { ...access.workspace.memberAccess, ...request.body.member_access },
      });
      return ok(await present(access, updated), 'workspaces:messages.saved');
    },
  );

  app.post(
    '/workspaces/archive/:id',
    { schema: { tags, params: workspaceIdParam, response: workspaceResponse } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'archive_workspace',
      );
      const current = access.workspace;
      if (current.status === 'archived') throw conflict('workspaces:messages.already_archived');
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(workspaces)
          .set({
            status: 'archived',
            statusBeforeArchive: current.status === 'closed' ? 'closed' : 'open',
            archivedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(workspaces.id, current.id))
          .returning();
        // An archived workspace leaves the menu, so nobody comes back to it (spec 4).
        await tx
          .update(users)
          .set({ lastActiveWorkspaceId: null })
          .where(eq(users.lastActiveWorkspaceId, current.id));
        return row;
      });
      return ok(await present(access, updated), 'workspaces:messages.archived');
    },
  );

  app.post(
    '/workspaces/restore/:id',
    { schema: { tags, params: workspaceIdParam, response: workspaceResponse } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'archive_workspace',
      );
      const current = access.workspace;
      if (current.status !== 'archived') throw conflict('workspaces:messages.not_archived');
      const updated = await updateWorkspace(current.id, {
        status: current.statusBeforeArchive ?? 'open',
        statusBeforeArchive: null,
        archivedAt: null,
      });
      return ok(await present(access, updated), 'workspaces:messages.restored');
    },
  );

  app.delete(
    '/workspaces/:id',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'delete_workspace',
      );
      if (access.workspace.status !== 'archived') {
        throw conflict('workspaces:messages.delete_only_archived');
      }
      const fileKeys = await db.transaction(async (tx) => {
        const keys = await workspaceFileKeys(app.areas, tx, access.workspace.id);
        await tx.delete(workspaces).where(eq(workspaces.id, access.workspace.id));
        await tx
          .update(users)
          .set({ lastActiveWorkspaceId: null })
          .where(eq(users.lastActiveWorkspaceId, access.workspace.id));
        return keys;
      });
      // Only once the rows are gone for good: a rolled-back delete keeps its files.
      await storageFor(app.deps.config).remove(fileKeys);
      return ok({}, 'workspaces:messages.deleted');
    },
  );

  app.delete(
    '/workspaces/:id/leave',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const { user } = requireAuth(request);
      await db.transaction(async (tx) => {
        const [membership] = await tx
          .select()
          .from(workspaceMembers)
          .where(
            and(
              eq(workspaceMembers.workspaceId, request.params.id),
              eq(workspaceMembers.userId, user.id),
            ),
          )
          .for('update');
        // Only members can leave; anyone else learns nothing about the id.
        if (!membership) throw notFound('workspaces:messages.not_found');
        await assertNotLastOwner(tx, membership.workspaceId, membership.role);
        await endMembership(tx, membership.workspaceId, user.id);
      });
      announceMembershipChange(app.deps, {
        workspaceId: request.params.id,
        userId: user.id,
        kind: 'removed',
      });
      return ok({}, 'workspaces:messages.left');
    },
  );

  app.get(
    '/workspaces/:id/modal-information',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(modalInformation) } } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      const workspaceId = access.workspace.id;
      const members = await db
        .select({ role: workspaceMembers.role, person: personColumns })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(eq(workspaceMembers.workspaceId, workspaceId))
        .orderBy(asc(workspaceMembers.joinedAt));
      const pending = await db
        .select({ id: workspaceInvitations.id })
        .from(workspaceInvitations)
        .where(
          and(
            eq(workspaceInvitations.workspaceId, workspaceId),
            isNull(workspaceInvitations.acceptedAt),
            isNull(workspaceInvitations.revokedAt),
            gt(workspaceInvitations.expiresAt, new Date()),
          ),
        );
      const roles: Record<string, number> = {};
      for (const m of members) roles[m.role] = (roles[m.role] ?? 0) + 1;
      return ok({
        workspace: await present(access),
        owners: members.filter((m) => m.role === 'owner').map((m) => presentPerson(m.person)),
        roles,
        pending_invitations_count: pending.length,
        works: await numberOfWorks(db, workspaceId),
      });
    },
  );

  app.get(
    '/workspaces/:id/number-of-works',
    {
      schema: { tags, params: workspaceIdParam, response: { 200: envelope(numberOfWorksSchema) } },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      return ok(await numberOfWorks(db, access.workspace.id));
    },
  );

  app.get(
    '/workspaces/:id/availability',
    {
      schema: {
        tags,
        summary: "Members' free hours of the week (UTC), for finding times that suit everyone",
        params: workspaceIdParam,
        response: { 200: envelope(availability) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_members',
      );
      const members = await db
        .select({ person: users, hours: userProfiles.availability })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .leftJoin(userProfiles, eq(userProfiles.userId, workspaceMembers.userId))
        .where(
          and(
            eq(workspaceMembers.workspaceId, access.workspace.id),
            ne(workspaceMembers.role, 'deactive'),
          ),
        );
      // Each person's view_availability option decides whether their hours are counted here.
      const visibility = await visibilityOf(
        db,
        requireAuth(request).user,
        members.map((m) => m.person),
      );
      const rows = members.map((m) => ({
        userId: m.person.id,
        hours: visibility.get(m.person.id)?.availability ? m.hours : null,
      }));
      const byHour = new Map<number, number[]>();
      for (const row of rows) {
        for (const hour of row.hours ?? []) {
          byHour.set(hour, [...(byHour.get(hour) ?? []), row.userId]);
        }
      }
      return ok({
        members_count: rows.length,
        members_with_availability: rows.filter((r) => (r.hours ?? []).length > 0).length,
        slots: [...byHour.entries()]
          .sort(([a], [b]) => a - b)
          .map(([hour, userIds]) => ({ hour, user_ids: userIds.sort((a, b) => a - b) })),
      });
    },
  );

  app.get(
    '/workspaces/:id/team-formation-strategies',
    {
      schema: {
        tags,
        summary: 'The team-formation strategies, and the one this workspace uses',
        params: workspaceIdParam,
        response: { 200: envelope(teamFormationStrategies) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      const current = access.workspace.teamFormationStrategy;
      return ok({
        strategies: [...FORMATION_STRATEGIES],
        team_formation: FORMATION_STRATEGIES.find((s) => s === current) ?? null,
      });
    },
  );

  app.put(
    '/workspaces/:id/team-formation-strategy',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        body: teamFormationStrategyBody,
        response: workspaceResponse,
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'form_teams');
      const updated = await updateWorkspace(access.workspace.id, {
        teamFormationStrategy: request.body.team_formation,
      });
      return ok(await present(access, updated), 'workspaces:messages.saved');
    },
  );
}
