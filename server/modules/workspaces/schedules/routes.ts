import { emptyResource, envelope, idParam } from '@contracts/common';
import {
  deleteSchedulesBody,
  schedule as scheduleSchema,
  scheduleInput,
  scheduleList,
  schedulesQuery,
} from '@contracts/schedules';
import { workspaceIdParam } from '@contracts/workspaces';
import { actorOf } from '../../../core/workspace-access';
import { ok } from '../../../http/envelope';
import type { App } from '../../../http/types';
import { archiveSchedule } from './operations/archive-schedule';
import { createSchedule } from './operations/create-schedule';
import { deleteSchedule } from './operations/delete-schedule';
import { deleteSchedules } from './operations/delete-schedules';
import { listSchedules } from './operations/list-schedules';
import { listWorkspaceSchedules } from './operations/list-workspace-schedules';
import { showSchedule } from './operations/show-schedule';
import { updateSchedule } from './operations/update-schedule';

const tags = ['schedules'];
const scheduleResponse = { 200: envelope(scheduleSchema) };

export default async function scheduleRoutes(app: App) {
  const { deps } = app;

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
    async (request) => ok(await listSchedules(deps, actorOf(request), request.query)),
  );

  app.get(
    '/workspaces/:id/schedules',
    { schema: { tags, params: workspaceIdParam, response: { 200: envelope(scheduleList) } } },
    async (request) => ok(await listWorkspaceSchedules(deps, actorOf(request), request.params.id)),
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
      const created = await createSchedule(deps, actorOf(request), {
        workspaceId: request.params.id,
        schedule: request.body,
      });
      return reply.status(201).send(ok(created, 'workspaces:messages.schedule_saved'));
    },
  );

  app.get(
    '/schedules/:id',
    { schema: { tags, params: idParam, response: scheduleResponse } },
    async (request) => ok(await showSchedule(deps, actorOf(request), request.params.id)),
  );

  app.put(
    '/schedules/:id',
    { schema: { tags, params: idParam, body: scheduleInput, response: scheduleResponse } },
    async (request) => {
      const updated = await updateSchedule(deps, actorOf(request), {
        id: request.params.id,
        schedule: request.body,
      });
      return ok(updated, 'workspaces:messages.schedule_saved');
    },
  );

  app.delete(
    '/schedules/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      await deleteSchedule(deps, actorOf(request), request.params.id);
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
      await deleteSchedules(deps, actorOf(request), request.body.ids);
      return ok({}, 'workspaces:messages.schedules_deleted');
    },
  );

  for (const [url, archived, message] of [
    ['/schedules/:id/archive', true, 'workspaces:messages.schedule_archived'],
    ['/schedules/:id/restore-archive', false, 'workspaces:messages.schedule_restored'],
  ] as const) {
    app.patch(
      url,
      { schema: { tags, params: idParam, response: scheduleResponse } },
      async (request) =>
        ok(
          await archiveSchedule(deps, actorOf(request), { id: request.params.id, archived }),
          message,
        ),
    );
  }
}
