import { idParam } from '@contracts/common';
import {
  deleteSchedulesBody,
  schedule as scheduleSchema,
  scheduleInput,
  scheduleList,
  schedulesQuery,
} from '@contracts/schedules';
import { workspaceIdParam } from '@contracts/workspaces';
import { idRoutes, operationRoutes } from '../../../http/operation-routes';
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

export default async function scheduleRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const onWorkspace = idRoutes(app, tags, workspaceIdParam);
  const onSchedule = idRoutes(app, tags, idParam);

  route.get(
    '/schedules',
    {
      summary: "Schedules of the caller's workspaces",
      querystring: schedulesQuery,
      answer: scheduleList,
    },
    (actor, request) => listSchedules(deps, actor, request.query),
  );

  onWorkspace.get('/workspaces/:id/schedules', { answer: scheduleList }, listWorkspaceSchedules);

  route.post(
    '/workspaces/:id/schedules',
    {
      params: workspaceIdParam,
      body: scheduleInput,
      answer: scheduleSchema,
      status: 201,
      message: 'workspaces:messages.schedule_saved',
    },
    (actor, request) =>
      createSchedule(deps, actor, {
        workspaceId: request.params.id,
        schedule: request.body,
      }),
  );

  onSchedule.get('/schedules/:id', { answer: scheduleSchema }, showSchedule);

  route.put(
    '/schedules/:id',
    {
      params: idParam,
      body: scheduleInput,
      answer: scheduleSchema,
      message: 'workspaces:messages.schedule_saved',
    },
    (actor, request) =>
      updateSchedule(deps, actor, {
        id: request.params.id,
        schedule: request.body,
      }),
  );

  onSchedule.delete(
    '/schedules/:id',
    { message: 'workspaces:messages.schedule_deleted' },
    deleteSchedule,
  );

  route.delete(
    '/schedules',
    {
      summary: 'Delete several schedules; all or none',
      body: deleteSchedulesBody,
      message: 'workspaces:messages.schedules_deleted',
    },
    (actor, request) => deleteSchedules(deps, actor, request.body.ids),
  );

  for (const [url, archived, message] of [
    ['/schedules/:id/archive', true, 'workspaces:messages.schedule_archived'],
    ['/schedules/:id/restore-archive', false, 'workspaces:messages.schedule_restored'],
  ] as const) {
    route.patch(
      url,
      { params: idParam, answer: scheduleSchema, message: message },
      (actor, request) => archiveSchedule(deps, actor, { id: request.params.id, archived }),
    );
  }
}
