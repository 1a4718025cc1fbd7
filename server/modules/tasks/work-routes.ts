import type { FastifyRequest } from 'fastify';
import { emptyResource, envelope } from '@contracts/common';
import {
  answerBody,
  answersQuery,
  commentBody,
  editAnswerBody,
  fileParams,
  keyResultIdsBody,
  moveTargets as moveTargetsSchema,
  people,
  reminderBody,
  reportList,
  reportParams,
  reportResource,
  reviewBody,
  schemaBody,
  submissionReport as submissionReportSchema,
  tagIdsBody,
  targetTaskBody,
  taskFileList,
  taskParams,
  taskResource,
  tracking,
  unitBody,
  updateTaskBody,
  userParams,
} from '@contracts/tasks';
import type { z } from 'zod';
import { ok } from '../../http/envelope';
import type { RequestOf } from '../../http/operation-routes';
import { idempotencyKeyHeaders, idempotencyKeyOf } from '../../http/idempotency-key';
import type { App } from '../../http/types';
import { namedDisposition } from '../../http/content-disposition';
import type { AppDeps } from '../../context';
import { storageFor } from '../../storage';
import { receiveUploads } from '../../storage/uploads';
import { loadTask, type TaskContext, type TaskKind } from './load';
import {
  changeAttachments,
  editFile,
  findVisibleFile,
  listFiles,
  seesAllWork,
} from './operations/files';
import { answer, deleteAnswer, editAnswer, handIn } from './operations/hand-in';
import {
  archiveTask,
  assignUser,
  changeSubtaskToTask,
  changeTaskToSubtask,
  deleteTask,
  linkKeyResults,
  moveTargets,
  moveToAnotherTask,
  restoreTask,
  setColor,
  setTags,
  unassignUser,
  updateTask,
} from './operations/manage-task';
import { peopleForChat } from './operations/people-for-chat';
import { sendReminders } from './operations/remind';
import { teammateUnits } from './operations/subtasks';
import {
  closeByAssignee,
  closeByReviewer,
  openByAssignee,
  openByReviewer,
  updateComment,
} from './operations/review';
import { announceTaskChange } from './notify';
import { listReports, presentReports, submissionReport } from './reports';
import { freshTask, workUploads } from './shared';
import { loadTracking } from './tracking';
import { actorOf } from '../../core/workspace-access';

const multipart = { consumes: ['multipart/form-data'] };
/** Work handed in: files in a multipart body, retried safely with an Idempotency-Key. */
const handInInput = { ...multipart, headers: idempotencyKeyHeaders };

/** What a task action's schema says of its input; every one names the task as `:id`. */
interface ActionInput {
  summary?: string;
  params: z.ZodType<{ id: number }>;
  body?: z.ZodType;
  headers?: z.ZodType;
  consumes?: string[];
}

/** The request's multipart body, with the limits and words of work handed in. */
const receiveTaskFiles = async (request: FastifyRequest, deps: AppDeps, maxFiles = 10) =>
  receiveUploads(request, await workUploads(deps, actorOf(request).userId, 'tasks', maxFiles));

/**
 * The actions on one task (spec 7.4) or one subtask (7.5): the same routes under `tasks/:id`
 * and `subtasks/:id`, each loading its own kind (a subtask id under tasks/ is a 404).
 */
export function workRoutes(kind: TaskKind) {
  return async function register(app: App) {
    const { db } = app.deps;
    const base = kind === 'task' ? '/tasks' : '/subtasks';
    const tags = [kind === 'task' ? 'tasks' : 'subtasks'];
    const load = (request: FastifyRequest, id: number) => loadTask(db, actorOf(request), id, kind);
    const taskReply = { 200: envelope(taskResource) };
    /** After an action: the task as the caller now sees it. */
    const answerWith = async (ctx: TaskContext, ...messages: string[]) => {
      const task = await freshTask(db, ctx, ctx.task.id);
      announceTaskChange(app.deps, ctx.task);
      return ok({ task }, ...messages);
    };
    /**
     * A route that loads the task, acts on it and answers it as the caller now sees it, with
     * `message` (a function when the words depend on the request).
     */
    const taskAction = <S extends ActionInput>(
      method: 'put' | 'post',
      path: string,
      { message, ...input }: S & { message?: string | ((request: RequestOf<S>) => string) },
      act: (ctx: TaskContext, request: RequestOf<S>) => Promise<unknown>,
    ) =>
      app.route({
        method,
        url: `${base}${path}`,
        schema: { tags, ...(input as ActionInput), response: taskReply },
        handler: async (request) => {
          const typed = request as unknown as RequestOf<S>;
          const ctx = await load(request, (request.params as { id: number }).id);
          await act(ctx, typed);
          const said = typeof message === 'function' ? message(typed) : message;
          return answerWith(ctx, ...(said ? [said] : []));
        },
      });

    app.get(
      `${base}/:id`,
      { schema: { tags, params: taskParams, response: taskReply } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        return ok({ task: await freshTask(db, ctx, ctx.task.id) });
      },
    );

    taskAction(
      'put',
      '/:id',
      { params: taskParams, body: updateTaskBody, message: 'tasks:messages.updated' },
      (ctx, request) => updateTask(db, ctx, request.body),
    );

    app.delete(
      `${base}/:id`,
      { schema: { tags, params: taskParams, response: { 200: envelope(emptyResource) } } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await deleteTask(app.deps, ctx);
        announceTaskChange(app.deps, ctx.task);
        return ok({}, `tasks:messages.${kind}_deleted`);
      },
    );

    taskAction(
      'put',
      '/update-comment/:id',
      { params: taskParams, body: commentBody, message: 'tasks:messages.comment_saved' },
      (ctx, request) => updateComment(db, ctx, request.body.assignment_id, request.body.comment),
    );
    taskAction('put', '/:id/schema', { params: taskParams, body: schemaBody }, (ctx, request) =>
      setColor(db, ctx, request.body.schema.color),
    );
    taskAction('put', '/:id/tags', { params: taskParams, body: tagIdsBody }, (ctx, request) =>
      setTags(db, ctx, request.body.tag_ids),
    );
    taskAction(
      'post',
      '/:id/link-to-key-result',
      { params: taskParams, body: keyResultIdsBody },
      (ctx, request) => linkKeyResults(db, ctx, request.body.key_result_ids),
    );
    taskAction(
      'post',
      '/:id/assign-user/:user',
      { params: userParams, message: 'tasks:messages.assigned' },
      (ctx, request) => assignUser(db, ctx, request.params.user),
    );
    taskAction(
      'post',
      '/:id/un-assign-user/:user',
      { params: userParams, message: 'tasks:messages.unassigned' },
      (ctx, request) => unassignUser(db, ctx, request.params.user),
    );

    app.get(
      `${base}/:id/files`,
      { schema: { tags, params: taskParams, response: { 200: envelope(taskFileList) } } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        return ok({ files: await listFiles(db, ctx) });
      },
    );

    app.patch(
      `${base}/:id/files`,
      {
        schema: {
          tags,
          summary: 'Add attachments (files) and remove others (remove_file_ids), multipart',
          params: taskParams,
          ...multipart,
          response: { 200: envelope(taskFileList) },
        },
      },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await changeAttachments(app.deps, () => receiveTaskFiles(request, app.deps), ctx);
        return ok({ files: await listFiles(db, ctx) }, 'tasks:messages.files_saved');
      },
    );

    app.get(
      `${base}/:id/files/:file`,
      { schema: { tags, summary: 'Download one file', params: fileParams } },
      async (request, reply) => {
        const ctx = await load(request, request.params.id);
        const file = await findVisibleFile(db, ctx, request.params.file);
        return reply
          .type(file.mimeType)
          .header('content-length', file.size)
          .header('content-disposition', namedDisposition(file.name))
          .send(storageFor(app.deps.config).read(file.storageKey));
      },
    );

    app.put(
      `${base}/:id/edit-file/:file`,
      {
        schema: {
          tags,
          summary: 'Replace a file (field file) and/or rename it (field name), multipart',
          params: fileParams,
          ...multipart,
          response: { 200: envelope(taskFileList) },
        },
      },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await editFile(
          app.deps,
          () => receiveTaskFiles(request, app.deps, 1),
          ctx,
          request.params.file,
        );
        return ok({ files: await listFiles(db, ctx) }, 'tasks:messages.files_saved');
      },
    );

    app.get(
      `${base}/:id/users`,
      {
        schema: {
          tags,
          summary: 'The submission report: every assigned person and their work',
          params: taskParams,
          response: { 200: envelope(submissionReportSchema) },
        },
      },
      async (request) => ok(await submissionReport(db, await load(request, request.params.id))),
    );

    app.get(
      `${base}/:id/answers`,
      {
        schema: {
          tags,
          params: taskParams,
          querystring: answersQuery,
          response: { 200: envelope(reportList) },
        },
      },
      async (request) => {
        const ctx = await load(request, request.params.id);
        return ok({ answers: await listReports(db, ctx, request.query.assignment_id) });
      },
    );

    app.post(
      `${base}/:id/answer`,
      {
        schema: {
          tags,
          params: taskParams,
          body: answerBody,
          response: { 201: envelope(reportResource) },
        },
      },
      async (request, reply) => {
        const ctx = await load(request, request.params.id);
        const report = await answer(db, ctx, request.body.body, request.body.assignment_id);
        const [presented] = await presentReports(db, [report]);
        return reply.status(201).send(ok({ answer: presented }, 'tasks:messages.answered'));
      },
    );

    app.put(
      `${base}/:id/answers/:report`,
      {
        schema: {
          tags,
          params: reportParams,
          body: editAnswerBody,
          response: { 200: envelope(reportResource) },
        },
      },
      async (request) => {
        const ctx = await load(request, request.params.id);
        const report = await editAnswer(db, ctx, request.params.report, request.body.body);
        const [presented] = await presentReports(db, [report]);
        return ok({ answer: presented }, 'tasks:messages.answer_saved');
      },
    );

    app.delete(
      `${base}/:id/answers/:report`,
      { schema: { tags, params: reportParams, response: { 200: envelope(emptyResource) } } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await deleteAnswer(db, ctx, request.params.report);
        return ok({}, 'tasks:messages.answer_deleted');
      },
    );

    app.post(
      `${base}/:id/send-reminder`,
      {
        schema: {
          tags,
          params: taskParams,
          body: reminderBody,
          response: { 200: envelope(emptyResource) },
        },
      },
      async (request) => {
        const ctx = await load(request, request.params.id);
        const sent = await sendReminders(app.deps, ctx, request.body.user_id);
        return ok({}, { key: 'tasks:messages.reminders_sent', params: { count: sent } });
      },
    );

    app.post(
      `${base}/:id/send-reminder-for-all`,
      { schema: { tags, params: taskParams, response: { 200: envelope(emptyResource) } } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        const sent = await sendReminders(app.deps, ctx);
        return ok({}, { key: 'tasks:messages.reminders_sent', params: { count: sent } });
      },
    );

    for (const mode of ['submit', 'resubmit'] as const) {
      taskAction(
        'post',
        `/:id/${mode}`,
        {
          summary: `${mode === 'submit' ? 'Submit' : 'Resubmit'} work: files plus an optional answer and assignment_id, multipart`,
          params: taskParams,
          ...handInInput,
          message: mode === 'submit' ? 'tasks:messages.submitted' : 'tasks:messages.resubmitted',
        },
        (ctx, request) =>
          handIn(app.deps, () => receiveTaskFiles(request, app.deps), ctx, mode, {
            idempotencyKey: idempotencyKeyOf(request),
          }),
      );
    }

    app.get(
      `${base}/:id/tracking`,
      { schema: { tags, params: taskParams, response: { 200: envelope(tracking) } } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        const onlyUnits = seesAllWork(ctx) ? null : ctx.units.map((u) => u.id);
        return ok({ events: await loadTracking(db, ctx.task.id, onlyUnits) });
      },
    );

    const assigneeAction = { params: taskParams, body: unitBody };
    const reviewerAction = { params: taskParams, body: reviewBody };
    taskAction(
      'post',
      '/:id/close-by-assignee',
      { ...assigneeAction, message: 'tasks:messages.work_closed_by_you' },
      (ctx, request) => closeByAssignee(db, ctx, request.body.assignment_id),
    );
    taskAction(
      'post',
      '/:id/open-by-assignee',
      { ...assigneeAction, message: 'tasks:messages.work_reopened' },
      (ctx, request) => openByAssignee(db, ctx, request.body.assignment_id),
    );
    // With a unit the reviewer accepted (returned) someone's work; without, closed (opened) the
    // whole task.
    const byUnit =
      (withUnit: string, whole: string) => (request: { body: { assignment_id?: number } }) =>
        request.body.assignment_id !== undefined ? withUnit : whole;
    taskAction(
      'post',
      '/:id/close-by-reviewer',
      {
        ...reviewerAction,
        message: byUnit('tasks:messages.work_accepted', 'tasks:messages.closed_by_reviewer_done'),
      },
      (ctx, request) => closeByReviewer(db, ctx, request.body),
    );
    taskAction(
      'post',
      '/:id/open-by-reviewer',
      {
        ...reviewerAction,
        message: byUnit('tasks:messages.work_returned', 'tasks:messages.opened_by_reviewer_done'),
      },
      (ctx, request) => openByReviewer(db, ctx, request.body),
    );

    for (const [action, run, done] of [
      ['archive', archiveTask, 'archived'],
      ['restore', restoreTask, 'restored'],
    ] as const) {
      taskAction(
        'post',
        `/:id/${action}`,
        { params: taskParams, message: `tasks:messages.${kind}_${done}` },
        (ctx) => run(db, ctx),
      );
    }

    app.get(
      `${base}/:id/selectable-users-for-chat`,
      {
        schema: {
          tags,
          summary: 'Everyone on the task but the caller: for starting a chat about it',
          params: taskParams,
          response: { 200: envelope(people) },
        },
      },
      async (request) =>
        ok({
          users: await peopleForChat(app.deps, actorOf(request), { id: request.params.id, kind }),
        }),
    );

    app.get(
      `${base}/:id/can-move-to-tasks`,
      { schema: { tags, params: taskParams, response: { 200: envelope(moveTargetsSchema) } } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        return ok({ tasks: ctx.roles.manage ? await moveTargets(db, ctx) : [] });
      },
    );

    if (kind === 'task') {
      taskAction(
        'post',
        '/:id/change-task-to-subtask',
        { params: taskParams, body: targetTaskBody, message: 'tasks:messages.made_subtask' },
        (ctx, request) => changeTaskToSubtask(db, ctx, request.body.task_id),
      );
    } else {
      taskAction(
        'post',
        '/:id/change-subtask-to-task',
        { params: taskParams, message: 'tasks:messages.made_task' },
        (ctx) => changeSubtaskToTask(db, ctx),
      );
      taskAction(
        'post',
        '/:id/move-to-another-task',
        { params: taskParams, body: targetTaskBody, message: 'tasks:messages.moved' },
        (ctx, request) => moveToAnotherTask(db, ctx, request.body.task_id),
      );
      taskAction(
        'post',
        '/:id/resubmit_by_teammates',
        {
          summary: "Resubmit a teammate's work (assignment_id), multipart like resubmit",
          params: taskParams,
          ...handInInput,
          message: 'tasks:messages.resubmitted',
        },
        async (ctx, request) => {
          const idempotencyKey = idempotencyKeyOf(request);
          await handIn(
            app.deps,
            () => receiveTaskFiles(request, app.deps),
            ctx,
            'resubmit_by_teammate',
            { teammateUnits: await teammateUnits(db, ctx), idempotencyKey },
          );
        },
      );
    }
  };
}
