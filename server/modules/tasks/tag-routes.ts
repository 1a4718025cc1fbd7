import { and, eq } from 'drizzle-orm';
import { emptyResource, envelope, idParam } from '@contracts/common';
import { createTagBody, tagList, tagQuery, tagResource, updateTagBody } from '@contracts/tasks';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { DbOrTx } from '../../db/client';
import { criteria as tagTable, type CriterionRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict, notFound } from '../../http/errors';
import type { App } from '../../http/types';
import { requireWorkspaceChange, requireWorkspacePermission } from '../../core/workspace-access';

const tags = ['tags'];

const presentTag = (row: CriterionRow) => ({
  id: row.id,
  workspace_id: row.workspaceId,
  type: row.type,
  name: row.name,
  color: row.color,
});

/** The unique index on (workspace, type, lower(name)) speaks for itself as a 409. */
async function uniqueName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '23505') throw conflict('tasks:messages.tag_exists');
    throw error;
  }
}

/**
 * Tags (spec 7.4) are the workspace's criteria (7.17) seen by type: the same rows, listed and
 * edited here by name and colour. Everyone in the workspace sees them; those who manage
 * criteria make, rename and delete them.
 */
export default async function tagRoutes(app: App) {
  const { db } = app.deps;

  async function loadTag(request: FastifyRequest, db: DbOrTx, id: number) {
    requireAuth(request);
    const [row] = await db.select().from(tagTable).where(eq(tagTable.id, id));
    if (!row) throw notFound('tasks:messages.tag_not_found');
    return row;
  }

  app.get(
    '/tags',
    { schema: { tags, querystring: tagQuery, response: { 200: envelope(tagList) } } },
    async (request) => {
      const { workspace_id: workspaceId, type } = request.query;
      await requireWorkspacePermission(request, db, workspaceId, 'view_workspace');
      const rows = await db
        .select()
        .from(tagTable)
        .where(and(eq(tagTable.workspaceId, workspaceId), eq(tagTable.type, type)))
        .orderBy(tagTable.name, tagTable.id);
      return ok({ tags: rows.map(presentTag) });
    },
  );

  app.post(
    '/tags',
    { schema: { tags, body: createTagBody, response: { 201: envelope(tagResource) } } },
    async (request, reply) => {
      const body = request.body;
      const access = await requireWorkspacePermission(
        request,
        db,
        body.workspace_id,
        'manage_criteria',
      );
      const [row] = await uniqueName(
        db
          .insert(tagTable)
          .values({
            workspaceId: body.workspace_id,
            type: body.type,
            name: body.name,
            color: body.color,
            createdBy: access.userId,
          })
          .returning(),
      );
      return reply.status(201).send(ok({ tag: presentTag(row) }, 'tasks:messages.tag_created'));
    },
  );

  app.put(
    '/tags/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: updateTagBody,
        response: { 200: envelope(tagResource) },
      },
    },
    async (request) => {
      const tag = await loadTag(request, db, request.params.id);
      await requireWorkspaceChange(request, db, tag.workspaceId, 'manage_criteria');
      const [row] = await uniqueName(
        db
          .update(tagTable)
          .set({ ...request.body, updatedAt: new Date() })
          .where(eq(tagTable.id, tag.id))
          .returning(),
      );
      return ok({ tag: presentTag(row) }, 'tasks:messages.tag_saved');
    },
  );

  app.delete(
    '/tags/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const tag = await loadTag(request, db, request.params.id);
      await requireWorkspaceChange(request, db, tag.workspaceId, 'manage_criteria');
      // Taken off every task with it by the foreign key's cascade, in the same statement.
      await db.delete(tagTable).where(eq(tagTable.id, tag.id));
      return ok({}, 'tasks:messages.tag_deleted');
    },
  );
}
