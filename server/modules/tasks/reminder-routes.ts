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
import { answerAs, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
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
  const reminderRoute = operationRoutes(app, ['reminders']);
  const taskRoute = operationRoutes(app, ['tasks']);

  reminderRoute.get(
    '/reminder/assessment-task',
    {
      summary: 'Overdue, then upcoming work of the caller, without what they set aside',
      answer: reminders,
    },
    (actor) => listReminders(deps, actor),
  );

  reminderRoute.post(
    '/reminder/update-setting',
    {
      summary: 'Set a reminder aside for good, or until snoozed_until',
      body: reminderSettingBody,
      message: 'tasks:messages.reminder_saved',
    },
    (actor, request) => setReminderAside(deps, actor, request.body),
  );

  reminderRoute.get(
    '/dashboard/deadlines',
    {
      summary: "Due dates of a person's unfinished work: overdue first, then upcoming",
      querystring: deadlinesQuery,
      answer: deadlines,
    },
    (actor, request) =>
      answerAs(
        'deadlines',
        listDeadlines(deps, actor, {
          workspaceId: request.query.workspace_id,
          userId: request.query.user_id,
        }),
      ),
  );

  taskRoute.get(
    '/my-work/todo',
    {
      summary:
        'What the caller has to do: work to hand in or review, 360s to answer, check-ins; due soonest first, undated last',
      querystring: todoQuery,
      answer: todoList,
    },
    (actor, request) =>
      answerAs('items', listTodo(deps, actor, { workspaceId: request.query.workspace_id })),
  );

  taskRoute.get(
    '/my-work',
    {
      summary: 'Open work assigned to the caller across workspaces, due soonest first',
      querystring: myWorkQuery,
      answer: taskItems,
    },
    (actor, request) =>
      answerAs('tasks', listMyWork(deps, actor, { workspaceId: request.query.workspace_id })),
  );
}
