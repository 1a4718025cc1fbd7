import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { emptyResource, envelope, idParam } from '@contracts/common';
import {
  deleteSchedulesBody,
  schedule as scheduleSchema,
  scheduleInput,
  scheduleList,
  schedulesQuery,
} from '@contracts/schedules';
import { workspaceIdParam } from '@contracts/workspaces';
import { requireAuth } from '../../../auth/guard';
import { can } from '../../../auth/permissions';
import { schedules, workspaceMembers } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { conflict, forbidden, notFound } from '../../../http/errors';
import type { App } from '../../../http/types';
import {
  loadWorkspaceAccess,
  requireWorkspaceChange,
  requireWorkspacePermission,
} from '../../../core/workspace-access';
import { insertSchedule, presentSchedule, scheduleValues } from './schedule';

const tags = ['schedules'];

export default async function scheduleRoutes(app: App) {
  const { db } = app.deps;

  /** A schedule the caller may see; other workspaces' schedules are not found. */
  async function loadSchedule(request: FastifyRequest, id: number, change: boolean) {
    const [row] = await db.select().from(schedules).where(eq(schedules.id, id));
    if (!row) throw notFound('workspaces:messages.schedule_not_found');
    const gate = change ? requireWorkspaceChange : requireWorkspacePermission;
    await gate(request, db, row.workspaceId, change ? 'manage_schedules' : 'view_workspace');
    return row;
  }

  async function setArchived(id: number, archived: boolean) {
    const [row] = await db
      .update(schedules)
      .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
      .where(eq(schedules.id, id))
      .returning();
    return row;
  }

  app.get(
    '/schedules',
    {
      schema: {
        tags,
        summary: "Schedules of the caller's workspaces",
        querystring: schedulesQuery,
        response: { 200: envelope(scheduleList) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { workspace_id: workspaceId, status } = request.query;
      if (workspaceId) await requireWorkspacePermission(request, db, workspaceId, 'view_workspace');
      const mine = db
        .select({ id: workspaceMembers.workspaceId })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.userId, user.id));
      const rows = await db
        .select()
        .from(schedules)
        .where(
          and(
            workspaceId
              ? eq(schedules.workspaceId, workspaceId)
              : inArray(schedules.workspaceId, mine),
            status === 'archived' ? isNotNull(schedules.archivedAt) : isNull(schedules.archivedAt),
          ),
        )
        .orderBy(asc(schedules.startsOn), asc(schedules.id));
      return ok({ schedules: rows.map(presentSchedule) });
    },
  );

  app.get(
    '/workspaces/:id/schedules',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(scheduleList) } } },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      const rows = await db
        .select()
        .from(schedules)
        .where(eq(schedules.workspaceId, access.workspace.id))
        .orderBy(asc(schedules.startsOn), asc(schedules.id));
      return ok({ schedules: rows.map(presentSchedule) });
    },
  );

  app.post(
    '/workspaces/:id/schedules',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        body: scheduleInput,
        response: { 201: envelope(scheduleSchema) },
      },
    },
    async (request, reply) => {
      const access = await requireWorkspaceChange(
        request,
        db,
        request.params.id,
        'manage_schedules',
      );
      const row = await insertSchedule(db, access.workspace.id, access.userId, request.body);
      return reply.status(201).send(ok(presentSchedule(row), 'workspaces:messages.schedule_saved'));
    },
  );

  app.get(
    '/schedules/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(scheduleSchema) } } },
    async (request) => ok(presentSchedule(await loadSchedule(request, request.params.id, false))),
  );

  app.put(
    '/schedules/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: scheduleInput,
        response: { 200: envelope(scheduleSchema) },
      },
    },
    async (request) => {
      const row = await loadSchedule(request, request.params.id, true);
      const [updated] = await db
        .update(schedules)
        .set({ ...scheduleValues(request.body), updatedAt: new Date() })
        .where(eq(schedules.id, row.id))
        .returning();
      return ok(presentSchedule(updated), 'workspaces:messages.schedule_saved');
    },
  );

  app.delete(
    '/schedules/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const row = await loadSchedule(request, request.params.id, true);
      await db.delete(schedules).where(eq(schedules.id, row.id));
      return ok({}, 'workspaces:messages.schedule_deleted');
    },
  );

  app.delete(
    '/schedules',
    {
      schema: {
        tags,
        summary: 'Delete several schedules; all or none',
        body: deleteSchedulesBody,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const ids = [...new Set(request.body.ids)];
      const rows = await db.select().from(schedules).where(inArray(schedules.id, ids));
      if (rows.length !== ids.length) throw notFound('workspaces:messages.schedule_not_found');
      for (const workspaceId of new Set(rows.map((r) => r.workspaceId))) {
        const access = await loadWorkspaceAccess(db, workspaceId, user);
        if (!access || (!access.role && !access.isSupervisor)) {
          throw notFound('workspaces:messages.schedule_not_found');
        }
        if (!can(access, 'manage_schedules')) throw forbidden();
        if (access.workspace.status === 'archived') {
          throw conflict('workspaces:messages.archived_read_only');
        }
      }
      await db.delete(schedules).where(inArray(schedules.id, ids));
      return ok({}, 'workspaces:messages.schedules_deleted');
    },
  );

  app.patch(
    '/schedules/:id/archive',
    { schema: { tags, params: idParam, response: { 200: envelope(scheduleSchema) } } },
    async (request) => {
      const row = await loadSchedule(request, request.params.id, true);
      if (row.archivedAt) throw conflict('workspaces:messages.schedule_already_archived');
      return ok(
        presentSchedule(await setArchived(row.id, true)),
        'workspaces:messages.schedule_archived',
      );
    },
  );

  app.patch(
    '/schedules/:id/restore-archive',
    { schema: { tags, params: idParam, response: { 200: envelope(scheduleSchema) } } },
    async (request) => {
      const row = await loadSchedule(request, request.params.id, true);
      if (!row.archivedAt) throw conflict('workspaces:messages.schedule_not_archived');
      return ok(
        presentSchedule(await setArchived(row.id, false)),
        'workspaces:messages.schedule_restored',
      );
    },
  );
}
