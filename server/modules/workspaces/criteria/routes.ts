import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  addNamesBody,
  addOptionsBody,
  criteriaList,
  criteriaQuery,
  criterion as criterionSchema,
  criterionOptionParams,
  createCriterionBody,
  nameBankList,
  nameBankQuery,
  updateCriterionBody,
} from '@contracts/criteria';
import { emptyResource, envelope, idParam } from '@contracts/common';
import { workspaceIdParam } from '@contracts/workspaces';
import type { Permission } from '../../../auth/permissions';
import type { DbOrTx } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import {
  criteria,
  criteriaOptions,
  nameBanks,
  type CriterionOptionRow,
  type CriterionRow,
  type NameBankRow,
} from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { conflict, notFound } from '../../../http/errors';
import type { App } from '../../../http/types';
import { requireWorkspaceChange, requireWorkspacePermission } from '../../../core/workspace-access';

const tags = ['criteria and name banks'];

function presentCriterion(row: CriterionRow, options: CriterionOptionRow[]) {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    type: row.type,
    name: row.name,
    description: row.description,
    color: row.color,
    options: options
      .filter((o) => o.criterionId === row.id)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((o) => ({ id: o.id, name: o.name, color: o.color, position: o.position })),
    created_at: row.createdAt.toISOString(),
  };
}

const presentName = (row: NameBankRow) => ({
  id: row.id,
  type: row.type,
  name: row.name,
  created_at: row.createdAt.toISOString(),
});

async function optionsOf(db: DbOrTx, criterionIds: number[]) {
  if (criterionIds.length === 0) return [];
  return db
    .select()
    .from(criteriaOptions)
    .where(inArray(criteriaOptions.criterionId, criterionIds));
}

export default async function criteriaRoutes(app: App) {
  const { db } = app.deps;

  /**
   * A criterion and the caller's access to its workspace. Criteria of workspaces the caller
   * is not in are "not found", exactly like ids that do not exist.
   */
  async function loadCriterion(
    request: FastifyRequest,
    id: number,
    permission: Permission,
    change = false,
  ) {
    const [row] = await db.select().from(criteria).where(eq(criteria.id, id));
    if (!row) throw notFound('workspaces:messages.criterion_not_found');
    const gate = change ? requireWorkspaceChange : requireWorkspacePermission;
    await gate(request, db, row.workspaceId, permission);
    return row;
  }

  const sameName = () => conflict('workspaces:messages.name_taken');

  app.get(
    '/workspaces/:id/criterias',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        querystring: criteriaQuery,
        response: { 200: envelope(criteriaList) },
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
        .from(criteria)
        .where(
          and(
            eq(criteria.workspaceId, access.workspace.id),
            request.query.type ? eq(criteria.type, request.query.type) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${criteria.name})`), asc(criteria.id));
      const options = await optionsOf(
        db,
        rows.map((r) => r.id),
      );
      return ok({ criterias: rows.map((r) => presentCriterion(r, options)) });
    },
  );

  app.post(
    '/workspaces/:id/criterias',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        body: createCriterionBody,
        response: { 201: envelope(criterionSchema) },
      },
    },
    async (request, reply) => {
      const access = await requireWorkspaceChange(
        request,
        db,
        request.params.id,
        'manage_criteria',
      );
      const body = request.body;
      const created = await db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(criteria)
            .values({
              workspaceId: access.workspace.id,
              type: body.type,
              name: body.name,
              description: body.description ?? null,
              color: body.color?.toLowerCase() ?? null,
              createdBy: access.userId,
            })
            .returning();
          const options = body.options.length
            ? await tx
                .insert(criteriaOptions)
                .values(
                  body.options.map((o, position) => ({
                    criterionId: row.id,
                    name: o.name,
                    color: o.color?.toLowerCase() ?? null,
                    position,
                  })),
                )
                .returning()
            : [];
          return presentCriterion(row, options);
        })
        .catch((error) => {
          throw isUniqueViolation(error) ? sameName() : error;
        });
      return reply.status(201).send(ok(created, 'workspaces:messages.criterion_saved'));
    },
  );

  app.get(
    '/criterias/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(criterionSchema) } } },
    async (request) => {
      const row = await loadCriterion(request, request.params.id, 'view_workspace');
      return ok(presentCriterion(row, await optionsOf(db, [row.id])));
    },
  );

  app.put(
    '/criterias/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: updateCriterionBody,
        response: { 200: envelope(criterionSchema) },
      },
    },
    async (request) => {
      const row = await loadCriterion(request, request.params.id, 'manage_criteria', true);
      const body = request.body;
      const [updated] = await db
        .update(criteria)
        .set({
          name: body.name,
          description: body.description,
          color: body.color === undefined ? undefined : (body.color?.toLowerCase() ?? null),
          updatedAt: new Date(),
        })
        .where(eq(criteria.id, row.id))
        .returning()
        .catch((error) => {
          throw isUniqueViolation(error) ? sameName() : error;
        });
      return ok(
        presentCriterion(updated, await optionsOf(db, [row.id])),
        'workspaces:messages.criterion_saved',
      );
    },
  );

  app.delete(
    '/criterias/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const row = await loadCriterion(request, request.params.id, 'manage_criteria', true);
      await db.delete(criteria).where(eq(criteria.id, row.id));
      return ok({}, 'workspaces:messages.criterion_deleted');
    },
  );

  app.post(
    '/criterias/:id/options',
    {
      schema: {
        tags,
        summary: 'Add options to a criterion',
        params: idParam,
        body: addOptionsBody,
        response: { 200: envelope(criterionSchema) },
      },
    },
    async (request) => {
      const row = await loadCriterion(request, request.params.id, 'manage_criteria', true);
      await db
        .transaction(async (tx) => {
          const [last] = await tx
            .select({ position: max(criteriaOptions.position) })
            .from(criteriaOptions)
            .where(eq(criteriaOptions.criterionId, row.id));
          const start = (last?.position ?? -1) + 1;
          await tx.insert(criteriaOptions).values(
            request.body.options.map((o, i) => ({
              criterionId: row.id,
              name: o.name,
              color: o.color?.toLowerCase() ?? null,
              position: start + i,
            })),
          );
        })
        .catch((error) => {
          throw isUniqueViolation(error) ? sameName() : error;
        });
      return ok(
        presentCriterion(row, await optionsOf(db, [row.id])),
        'workspaces:messages.criterion_saved',
      );
    },
  );

  app.delete(
    '/criterias/:id/options/:option',
    {
      schema: {
        tags,
        params: criterionOptionParams,
        response: { 200: envelope(criterionSchema) },
      },
    },
    async (request) => {
      const row = await loadCriterion(request, request.params.id, 'manage_criteria', true);
      const removed = await db
        .delete(criteriaOptions)
        .where(
          and(
            eq(criteriaOptions.id, request.params.option),
            eq(criteriaOptions.criterionId, row.id),
          ),
        )
        .returning({ id: criteriaOptions.id });
      if (removed.length === 0) throw notFound('workspaces:messages.criterion_not_found');
      return ok(
        presentCriterion(row, await optionsOf(db, [row.id])),
        'workspaces:messages.criterion_saved',
      );
    },
  );

  app.get(
    '/workspaces/:id/bank_names',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        querystring: nameBankQuery,
        response: { 200: envelope(nameBankList) },
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
        .from(nameBanks)
        .where(
          and(
            eq(nameBanks.workspaceId, access.workspace.id),
            eq(nameBanks.type, request.query.type),
          ),
        )
        .orderBy(asc(sql`lower(${nameBanks.name})`));
      return ok({ bank_names: rows.map(presentName) });
    },
  );

  app.post(
    '/workspaces/:id/bank_names',
    {
      schema: {
        tags,
        summary: 'Add names to a bank; names already in it are left as they are',
        params: workspaceIdParam,
        body: addNamesBody,
        response: { 200: envelope(nameBankList) },
      },
    },
    async (request) => {
      const access = await requireWorkspaceChange(
        request,
        db,
        request.params.id,
        'manage_name_banks',
      );
      const { type, names } = request.body;
      await db
        .insert(nameBanks)
        .values(
          names.map((name) => ({
            workspaceId: access.workspace.id,
            type,
            name,
            createdBy: access.userId,
          })),
        )
        .onConflictDoNothing();
      const rows = await db
        .select()
        .from(nameBanks)
        .where(and(eq(nameBanks.workspaceId, access.workspace.id), eq(nameBanks.type, type)))
        .orderBy(asc(sql`lower(${nameBanks.name})`));
      return ok({ bank_names: rows.map(presentName) }, 'workspaces:messages.names_saved');
    },
  );

  app.delete(
    '/bank_names/:id',
    { schema: { tags, params: idParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const [row] = await db.select().from(nameBanks).where(eq(nameBanks.id, request.params.id));
      if (!row) throw notFound('workspaces:messages.name_not_found');
      await requireWorkspaceChange(request, db, row.workspaceId, 'manage_name_banks');
      await db.delete(nameBanks).where(eq(nameBanks.id, row.id));
      return ok({}, 'workspaces:messages.name_deleted');
    },
  );
}
