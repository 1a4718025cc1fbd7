import { emptyResource, envelope } from '@contracts/common';
import {
  deadlines,
  deadlinesQuery,
  myWorkQuery,
  reminderSettingBody,
  reminders,
  taskItems,
  todoList,
  todoQuery,
} from '@contracts/tasks';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { actorOf } from '../../core/workspace-access';
import {
  listDeadlines,
  listMyWork,
  listReminders,
  listTodo,
  setReminderAside,
} from './operations/my-work';

/** Spec 7.16 (reminders and deadlines) and the my-work list (2.6): HTTP over operations. */
export default async function reminderRoutes(app: App) {
  const { deps } = app;

  app.get(
    '/reminder/assessment-task',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Overdue, then upcoming work of the caller, without what they set aside',
        response: { 200: envelope(reminders) },
      },
    },
    async (request) => ok(await listReminders(deps, actorOf(request))),
  );

  app.post(
    '/reminder/update-setting',
    {
      schema: {
        tags: ['reminders'],
        summary: 'Set a reminder aside for good, or until snoozed_until',
        body: reminderSettingBody,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      await setReminderAside(deps, actorOf(request), request.body);
      return ok({}, 'tasks:messages.reminder_saved');
    },
  );

  app.get(
    '/dashboard/deadlines',
    {
      schema: {
        tags: ['reminders'],
        summary: "Due dates of a person's unfinished work: overdue first, then upcoming",
        querystring: deadlinesQuery,
        response: { 200: envelope(deadlines) },
      },
    },
    async (request) =>
      ok({
        deadlines: await listDeadlines(deps, actorOf(request), {
          workspaceId: request.query.workspace_id,
          userId: request.query.user_id,
        }),
      }),
  );

  app.get(
    '/my-work/todo',
    {
      schema: {
        tags: ['tasks'],
        summary:
          'What the caller has to do: work to hand in or review, 360s to answer, check-ins; due soonest first, undated last',
        querystring: todoQuery,
        response: { 200: envelope(todoList) },
      },
    },
    async (request) =>
      ok({
        items: await listTodo(deps, actorOf(request), { workspaceId: request.query.workspace_id }),
      }),
  );

  app.get(
    '/my-work',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Open work assigned to the caller across workspaces, due soonest first',
        querystring: myWorkQuery,
        response: { 200: envelope(taskItems) },
      },
    },
    async (request) =>
      ok({
        tasks: await listMyWork(deps, actorOf(request), {
          workspaceId: request.query.workspace_id,
        }),
      }),
  );
}
