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
import { ok } from '../../http/envelope';
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

    app.get(
      `${base}/:id`,
      { schema: { tags, params: taskParams, response: taskReply } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        return ok({ task: await freshTask(db, ctx, ctx.task.id) });
      },
    );

    app.put(
      `${base}/:id`,
      { schema: { tags, params: taskParams, body: updateTaskBody, response: taskReply } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await updateTask(db, ctx, request.body);
        return answerWith(ctx, 'tasks:messages.updated');
      },
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

    app.put(
      `${base}/update-comment/:id`,
      { schema: { tags, params: taskParams, body: commentBody, response: taskReply } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await updateComment(db, ctx, request.body.assignment_id, request.body.comment);
        return answerWith(ctx, 'tasks:messages.comment_saved');
      },
    );

    app.put(
      `${base}/:id/schema`,
      { schema: { tags, params: taskParams, body: schemaBody, response: taskReply } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await setColor(db, ctx, request.body.schema.color);
        return answerWith(ctx);
      },
    );

    app.put(
      `${base}/:id/tags`,
      { schema: { tags, params: taskParams, body: tagIdsBody, response: taskReply } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await setTags(db, ctx, request.body.tag_ids);
        return answerWith(ctx);
      },
    );

    app.post(
      `${base}/:id/link-to-key-result`,
      { schema: { tags, params: taskParams, body: keyResultIdsBody, response: taskReply } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await linkKeyResults(db, ctx, request.body.key_result_ids);
        return answerWith(ctx);
      },
    );

    app.post(
      `${base}/:id/assign-user/:user`,
      { schema: { tags, params: userParams, response: taskReply } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await assignUser(db, ctx, request.params.user);
        return answerWith(ctx, 'tasks:messages.assigned');
      },
    );

    app.post(
      `${base}/:id/un-assign-user/:user`,
      { schema: { tags, params: userParams, response: taskReply } },
      async (request) => {
        const ctx = await load(request, request.params.id);
        await unassignUser(db, ctx, request.params.user);
        return answerWith(ctx, 'tasks:messages.unassigned');
      },
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
      app.post(
        `${base}/:id/${mode}`,
        {
          schema: {
            tags,
            summary: `${mode === 'submit' ? 'Submit' : 'Resubmit'} work: files plus an optional answer and assignment_id, multipart`,
            params: taskParams,
            ...multipart,
            headers: idempotencyKeyHeaders,
            response: taskReply,
          },
        },
        async (request) => {
          const ctx = await load(request, request.params.id);
          const idempotencyKey = idempotencyKeyOf(request);
          await handIn(app.deps, () => receiveTaskFiles(request, app.deps), ctx, mode, {
            idempotencyKey,
          });
          return answerWith(
            ctx,
            mode === 'submit' ? 'tasks:messages.submitted' : 'tasks:messages.resubmitted',
          );
        },
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

    const assigneeAction = { tags, params: taskParams, body: unitBody, response: taskReply };
    const reviewerAction = { tags, params: taskParams, body: reviewBody, response: taskReply };
    app.post(`${base}/:id/close-by-assignee`, { schema: assigneeAction }, async (request) => {
      const ctx = await load(request, request.params.id);
      await closeByAssignee(db, ctx, request.body.assignment_id);
      return answerWith(ctx, 'tasks:messages.work_closed_by_you');
    });
    app.post(`${base}/:id/open-by-assignee`, { schema: assigneeAction }, async (request) => {
      const ctx = await load(request, request.params.id);
      await openByAssignee(db, ctx, request.body.assignment_id);
      return answerWith(ctx, 'tasks:messages.work_reopened');
    });
    app.post(`${base}/:id/close-by-reviewer`, { schema: reviewerAction }, async (request) => {
      const ctx = await load(request, request.params.id);
      await closeByReviewer(db, ctx, request.body);
      // With a unit the reviewer accepted someone's work; without, closed the whole task.
      const accepted = request.body.assignment_id !== undefined;
      return answerWith(
        ctx,
        accepted ? 'tasks:messages.work_accepted' : 'tasks:messages.closed_by_reviewer_done',
      );
    });
    app.post(`${base}/:id/open-by-reviewer`, { schema: reviewerAction }, async (request) => {
      const ctx = await load(request, request.params.id);
      await openByReviewer(db, ctx, request.body);
      const returned = request.body.assignment_id !== undefined;
      return answerWith(
        ctx,
        returned ? 'tasks:messages.work_returned' : 'tasks:messages.opened_by_reviewer_done',
      );
    });

    for (const [action, run, done] of [
      ['archive', archiveTask, 'archived'],
      ['restore', restoreTask, 'restored'],
    ] as const) {
      app.post(
        `${base}/:id/${action}`,
        { schema: { tags, params: taskParams, response: taskReply } },
        async (request) => {
          const ctx = await load(request, request.params.id);
          await run(db, ctx);
          return answerWith(ctx, `tasks:messages.${kind}_${done}`);
        },
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
      app.post(
        `${base}/:id/change-task-to-subtask`,
        { schema: { tags, params: taskParams, body: targetTaskBody, response: taskReply } },
        async (request) => {
          const ctx = await load(request, request.params.id);
          await changeTaskToSubtask(db, ctx, request.body.task_id);
          return answerWith(ctx, 'tasks:messages.made_subtask');
        },
      );
    } else {
      app.post(
        `${base}/:id/change-subtask-to-task`,
        { schema: { tags, params: taskParams, response: taskReply } },
        async (request) => {
          const ctx = await load(request, request.params.id);
          await changeSubtaskToTask(db, ctx);
          return answerWith(ctx, 'tasks:messages.made_task');
        },
      );
      app.post(
        `${base}/:id/move-to-another-task`,
        { schema: { tags, params: taskParams, body: targetTaskBody, response: taskReply } },
        async (request) => {
          const ctx = await load(request, request.params.id);
          await moveToAnotherTask(db, ctx, request.body.task_id);
          return answerWith(ctx, 'tasks:messages.moved');
        },
      );
      app.post(
        `${base}/:id/resubmit_by_teammates`,
        {
          schema: {
            tags,
            summary: "Resubmit a teammate's work (assignment_id), multipart like resubmit",
            params: taskParams,
            ...multipart,
            headers: idempotencyKeyHeaders,
            response: taskReply,
          },
        },
        async (request) => {
          const ctx = await load(request, request.params.id);
          const idempotencyKey = idempotencyKeyOf(request);
          await handIn(
            app.deps,
            () => receiveTaskFiles(request, app.deps),
            ctx,
            'resubmit_by_teammate',
            { teammateUnits: await teammateUnits(db, ctx), idempotencyKey },
          );
          return answerWith(ctx, 'tasks:messages.resubmitted');
        },
      );
    }
  };
}
