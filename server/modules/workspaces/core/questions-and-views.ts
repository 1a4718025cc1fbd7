import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { emptyResource, envelope, idParam } from '@contracts/common';
import {
  boardView as boardViewSchema,
  boardViewBody,
  boardViewList,
  questionList,
  questionsQuery,
  saveQuestionsBody,
  workspaceIdParam,
} from '@contracts/workspaces';
import {
  boardViews,
  workspaceQuestions,
  type BoardViewRow,
  type WorkspaceQuestionRow,
} from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { notFound } from '../../../http/errors';
import type { App } from '../../../http/types';
import { requireWorkspaceChange, requireWorkspacePermission } from '../../../core/workspace-access';

const presentQuestion = (row: WorkspaceQuestionRow) => ({
  id: row.id,
  type: row.type,
  text: row.text,
  options: row.options,
  required: row.required,
  position: row.position,
});

const presentBoardView = (row: BoardViewRow) => ({
  id: row.id,
  workspace_id: row.workspaceId,
  name: row.name,
  config: row.config,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A workspace's question lists by type, and each person's saved board views in it. */
export default async function questionAndViewRoutes(app: App) {
  const { db } = app.deps;

  async function questionsOf(workspaceId: number, type: WorkspaceQuestionRow['type']) {
    const rows = await db
      .select()
      .from(workspaceQuestions)
      .where(
        and(eq(workspaceQuestions.workspaceId, workspaceId), eq(workspaceQuestions.type, type)),
      )
      .orderBy(asc(workspaceQuestions.position), asc(workspaceQuestions.id));
    return rows.map(presentQuestion);
  }

  app.get(
    '/workspaces/:id/questions',
    {
      schema: {
        tags: ['workspaces'],
        params: workspaceIdParam,
        querystring: questionsQuery,
        response: { 200: envelope(questionList) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      return ok({ questions: await questionsOf(access.workspace.id, request.query.type) });
    },
  );

  app.put(
    '/workspaces/:id/questions',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'Replace the questions of one type, in order',
        params: workspaceIdParam,
        body: saveQuestionsBody,
        response: { 200: envelope(questionList) },
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(
        request,
        db,
        request.params.id,
        'manage_questions',
      );
      const { type, questions } = request.body;
      await db.transaction(async (tx) => {
        await tx
          .delete(workspaceQuestions)
          .where(
            and(
              eq(workspaceQuestions.workspaceId, access.workspace.id),
              eq(workspaceQuestions.type, type),
            ),
          );
        if (questions.length === 0) return;
        await tx.insert(workspaceQuestions).values(
          questions.map((q, position) => ({
            workspaceId: access.workspace.id,
            type,
            text: q.text,
            options: q.options,
            required: q.required,
            position,
          })),
        );
      });
      return ok(
        { questions: await questionsOf(access.workspace.id, type) },
        'workspaces:messages.saved',
      );
    },
  );

  const viewTags = ['board views'];

  app.get(
    '/workspaces/:id/board_views',
    {
      schema: {
        tags: viewTags,
        params: workspaceIdParam,
        response: { 200: envelope(boardViewList) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      const rows = await db
        .select()
        .from(boardViews)
        .where(
          and(
            eq(boardViews.workspaceId, access.workspace.id),
            eq(boardViews.userId, access.userId),
          ),
        )
        .orderBy(asc(boardViews.id));
      return ok({ board_views: rows.map(presentBoardView) });
    },
  );

  app.post(
    '/workspaces/:id/board_views',
    {
      schema: {
        tags: viewTags,
        params: workspaceIdParam,
        body: boardViewBody,
        response: { 201: envelope(boardViewSchema) },
      },
    },
    async (request, reply) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'view_workspace');
      const [row] = await db
        .insert(boardViews)
        .values({
          workspaceId: access.workspace.id,
          userId: access.userId,
          name: request.body.name,
          config: request.body.config,
        })
        .returning();
      return reply.status(201).send(ok(presentBoardView(row), 'workspaces:messages.saved'));
    },
  );

  /** One of the caller's own views; anyone else's is not found. */
  async function ownView(request: FastifyRequest, id: number) {
    const [row] = await db.select().from(boardViews).where(eq(boardViews.id, id));
    const access = row
      ? await requireWorkspaceChange(request, db, row.workspaceId, 'view_workspace')
      : null;
    if (!row || !access || row.userId !== access.userId) {
      throw notFound('workspaces:messages.board_view_not_found');
    }
    return row;
  }

  app.put(
    '/board_views/:id',
    {
      schema: {
        tags: viewTags,
        params: idParam,
        body: boardViewBody,
        response: { 200: envelope(boardViewSchema) },
      },
    },
    async (request) => {
      const row = await ownView(request, request.params.id);
      const [updated] = await db
        .update(boardViews)
        .set({ name: request.body.name, config: request.body.config, updatedAt: new Date() })
        .where(eq(boardViews.id, row.id))
        .returning();
      return ok(presentBoardView(updated), 'workspaces:messages.saved');
    },
  );

  app.delete(
    '/board_views/:id',
    { schema: { tags: viewTags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const row = await ownView(request, request.params.id);
      await db.delete(boardViews).where(eq(boardViews.id, row.id));
      return ok({}, 'workspaces:messages.board_view_deleted');
    },
  );
}
