import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { emptyResource, envelope, idParam } from '@contracts/common';
import {
  createObjectiveBody,
  objectiveCheckInBody,
  objectiveList,
  objectiveListQuery,
  objectiveResource,
  objectiveTree,
  OBJECTIVE_STATUSES,
  updateObjectiveBody,
  workspaceIdQuery,
} from '@contracts/okrs';
import { pageOf, sortedBy } from '../../db/list';
import type { DbOrTx } from '../../db/client';
import {
  keyResultOwners,
  keyResults,
  objectiveAnswers,
  objectiveOwners,
  objectives,
  objectiveTags,
  taskKeyResults,
  type ObjectiveRow,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { forbidden, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import {
  requireWorkspaceChange,
  requireWorkspacePermission,
  type WorkspaceAccess,
} from '../../core/workspace-access';
import {
  checkOwners,
  checkPosition,
  checkTags,
  loadObjective,
  objectiveFor,
  viewerOf,
} from './load';
import { managesOkrs } from './policy';
import { loadWorkspaceTree, objectiveTreeOf, presentObjectives } from './present';
import { keyResultValues, period } from './values';

const tags = ['okrs'];

export async function freshObjective(db: DbOrTx, access: WorkspaceAccess, id: number) {
  const [row] = await db.select().from(objectives).where(eq(objectives.id, id));
  const [objective] = await presentObjectives(db, [row], viewerOf(access));
  return objective;
}

function sameWorkspace(given: number | undefined, objective: ObjectiveRow) {
  if (given !== undefined && given !== objective.workspaceId) {
    throw validationFailed({ workspace_id: 'okrs:messages.workspace_mismatch' });
  }
}

export default async function objectiveRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/workspaces/:id/objectives',
    {
      schema: {
        tags,
        summary: 'Objectives of a workspace by status (open, closed, archived), with counts',
        params: idParam,
        querystring: objectiveListQuery,
        response: { 200: envelope(objectiveList) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      const { status, sort, direction, tag_id: tagId, org_position_id: positionId } = request.query;
      const filters: SQL[] = [eq(objectives.workspaceId, access.workspace.id)];
      if (tagId !== undefined) {
        filters.push(
          inArray(
            objectives.id,
            db
              .select({ id: objectiveTags.objectiveId })
              .from(objectiveTags)
              .where(eq(objectiveTags.tagId, tagId)),
          ),
        );
      }
      if (positionId !== undefined) filters.push(eq(objectives.orgPositionId, positionId));
      const sortColumn = {
        name: sql`lower(${objectives.name})`,
        created_at: objectives.createdAt,
        started_at: objectives.startedAt,
        ended_at: objectives.endedAt,
      }[sort];
      const [page, countRows, tree] = await Promise.all([
        pageOf<ObjectiveRow>(
          db,
          (total) =>
            db
              .select({ ...getTableColumns(objectives), list_total: total })
              .from(objectives)
              .where(and(...filters, eq(objectives.status, status)))
              .$dynamic(),
          sortedBy(sortColumn, direction, objectives.id),
          request.query,
        ),
        db
          .select({ status: objectives.status, n: count() })
          .from(objectives)
          .where(and(...filters))
          .groupBy(objectives.status),
        loadWorkspaceTree(db, access.workspace.id),
      ]);
      const counts = { open: 0, closed: 0, archived: 0 };
      for (const row of countRows) counts[row.status] = Number(row.n);
      const presented = await presentObjectives(db, page.rows, viewerOf(access), tree);
      return ok({ objectives: presented, counts, meta: page.meta });
    },
  );

  app.get(
    '/workspaces/:id/objective-tree',
    {
      schema: {
        tags,
        summary: "The workspace's objectives as their alignment tree, with rolled-up progress",
        params: idParam,
        querystring: z.object({ status: z.enum(OBJECTIVE_STATUSES).optional() }),
        response: { 200: envelope(objectiveTree) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      const tree = await loadWorkspaceTree(db, access.workspace.id);
      const statuses = new Set<string>(
        request.query.status ? [request.query.status] : ['open', 'closed'],
      );
      return ok({ nodes: objectiveTreeOf(tree, statuses) });
    },
  );

  app.post(
    '/workspaces/:id/objectives',
    {
      schema: {
        tags,
        summary: 'A new objective, with its key results if given',
        params: idParam,
        body: createObjectiveBody,
        response: { 201: envelope(objectiveResource) },
      },
    },
    async (request, reply) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'view_workspace');
      if (!managesOkrs(viewerOf(access))) throw forbidden();
      const body = request.body;
      const workspaceId = access.workspace.id;
      const ownerIds = await checkOwners(db, workspaceId, body.owner_ids, 'owner_ids');
      await checkPosition(db, workspaceId, body.org_position_id);
      const tagIds = await checkTags(db, workspaceId, body.tag_ids);
      const when = period(body.started_at, body.ended_at, null);
      const krs = await Promise.all(
        (body.key_results ?? []).map(async (kr, i) => {
          const prefix = `key_results.${i}.`;
          const values = keyResultValues(kr, null, prefix);
          await checkPosition(db, workspaceId, kr.org_position_id, `${prefix}org_position_id`);
          const owners = await checkOwners(db, workspaceId, kr.owner_ids, `${prefix}owner_ids`);
          return { kr, values, owners };
        }),
      );
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(objectives)
          .values({
            workspaceId,
            name: body.name,
            description: body.description ?? null,
            orgPositionId: body.org_position_id ?? null,
            ...when,
            checkInEveryDays: body.check_in_every_days ?? null,
            createdBy: access.userId,
          })
          .returning({ id: objectives.id });
        if (ownerIds.length) {
          await tx
            .insert(objectiveOwners)
            .values(ownerIds.map((userId) => ({ objectiveId: row.id, userId })));
        }
        if (tagIds.length) {
          await tx
            .insert(objectiveTags)
            .values(tagIds.map((tagId) => ({ objectiveId: row.id, tagId })));
        }
        for (const { kr, values, owners } of krs) {
          const [made] = await tx
            .insert(keyResults)
            .values({
              objectiveId: row.id,
              workspaceId,
              name: kr.name,
              ...values,
              currentValue: values.startValue,
              unit: kr.unit ?? null,
              weight: kr.weight ?? 1,
              orgPositionId: kr.org_position_id ?? null,
              createdBy: access.userId,
            })
            .returning({ id: keyResults.id });
          if (owners.length) {
            await tx
              .insert(keyResultOwners)
              .values(owners.map((userId) => ({ keyResultId: made.id, userId })));
          }
        }
        return row.id;
      });
      const objective = await freshObjective(db, access, id);
      return reply.status(201).send(ok({ objective }, 'okrs:messages.created'));
    },
  );

  app.get(
    '/objectives/:id',
    {
      schema: {
        tags,
        summary: 'One objective with its key results, alignments and check-ins',
        params: idParam,
        response: { 200: envelope(objectiveResource) },
      },
    },
    async (request) => {
      const ctx = await loadObjective(request, db, request.params.id);
      return ok({ objective: await freshObjective(db, ctx.access, ctx.objective.id) });
    },
  );

  app.put(
    '/objectives/:id',
    {
      schema: {
        tags,
        summary: 'Change an objective: name, description, owners, org position, tags, period',
        params: idParam,
        querystring: workspaceIdQuery,
        body: updateObjectiveBody,
        response: { 200: envelope(objectiveResource) },
      },
    },
    async (request) => {
      const ctx = await objectiveFor(request, db, request.params.id, 'update');
      const { objective } = ctx;
      const body = request.body;
      sameWorkspace(body.workspace_id ?? request.query.workspace_id, objective);
      const workspaceId = objective.workspaceId;
      const ownerIds =
        body.owner_ids === undefined
          ? undefined
          : await checkOwners(db, workspaceId, body.owner_ids, 'owner_ids');
      await checkPosition(db, workspaceId, body.org_position_id);
      const tagIds =
        body.tag_ids === undefined ? undefined : await checkTags(db, workspaceId, body.tag_ids);
      const when = period(body.started_at, body.ended_at, objective);
      await db.transaction(async (tx) => {
        await tx
          .update(objectives)
          .set({
            name: body.name ?? objective.name,
            description: body.description === undefined ? objective.description : body.description,
            orgPositionId:
              body.org_position_id === undefined ? objective.orgPositionId : body.org_position_id,
            ...when,
            checkInEveryDays:
              body.check_in_every_days === undefined
                ? objective.checkInEveryDays
                : body.check_in_every_days,
            updatedAt: new Date(),
          })
          .where(eq(objectives.id, objective.id));
        if (ownerIds) {
          await tx.delete(objectiveOwners).where(eq(objectiveOwners.objectiveId, objective.id));
          if (ownerIds.length) {
            await tx
              .insert(objectiveOwners)
              .values(ownerIds.map((userId) => ({ objectiveId: objective.id, userId })));
          }
        }
        if (tagIds) {
          await tx.delete(objectiveTags).where(eq(objectiveTags.objectiveId, objective.id));
          if (tagIds.length) {
            await tx
              .insert(objectiveTags)
              .values(tagIds.map((tagId) => ({ objectiveId: objective.id, tagId })));
          }
        }
      });
      return ok(
        { objective: await freshObjective(db, ctx.access, objective.id) },
        'okrs:messages.updated',
      );
    },
  );

  app.delete(
    '/objectives/:id',
    {
      schema: {
        tags,
        summary: 'Delete an objective with its key results, check-ins and alignments',
        params: idParam,
        querystring: workspaceIdQuery,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const ctx = await objectiveFor(request, db, request.params.id, 'delete');
      sameWorkspace(request.query.workspace_id, ctx.objective);
      await db.transaction(async (tx) => {
        const krIds = tx
          .select({ id: keyResults.id })
          .from(keyResults)
          .where(eq(keyResults.objectiveId, ctx.objective.id));
        // Tasks keep only the ids of the key results they serve (tasks schema).
        await tx.delete(taskKeyResults).where(inArray(taskKeyResults.keyResultId, krIds));
        await tx.delete(objectives).where(eq(objectives.id, ctx.objective.id));
      });
      return ok({}, 'okrs:messages.deleted');
    },
  );

  const transitions = {
    open: { to: 'open', message: 'okrs:messages.opened' },
    close: { to: 'closed', message: 'okrs:messages.closed_done' },
    archive: { to: 'archived', message: 'okrs:messages.archived_done' },
    restore: { to: null, message: 'okrs:messages.restored' },
  } as const;

  for (const [action, { to, message }] of Object.entries(transitions) as [
    keyof typeof transitions,
    (typeof transitions)[keyof typeof transitions],
  ][]) {
    app.post(
      `/objectives/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action[0].toUpperCase()}${action.slice(1)} an objective`,
          params: idParam,
          response: { 200: envelope(objectiveResource) },
        },
      },
      async (request) => {
        const ctx = await objectiveFor(request, db, request.params.id, action);
        const { objective } = ctx;
        const status = to ?? objective.statusBeforeArchive ?? 'open';
        await db
          .update(objectives)
          .set({
            status,
            statusBeforeArchive:
              action === 'archive'
                ? (objective.status as 'open' | 'closed')
                : objective.statusBeforeArchive,
            updatedAt: new Date(),
          })
          .where(eq(objectives.id, objective.id));
        return ok({ objective: await freshObjective(db, ctx.access, objective.id) }, message);
      },
    );
  }

  app.post(
    '/objectives/:id/answer',
    {
      schema: {
        tags,
        summary: 'Check in on the objective as a whole: status, confidence and a note',
        params: idParam,
        body: objectiveCheckInBody,
        response: { 201: envelope(objectiveResource) },
      },
    },
    async (request, reply) => {
      const ctx = await objectiveFor(request, db, request.params.id, 'check_in');
      const body = request.body;
      await db.insert(objectiveAnswers).values({
        objectiveId: ctx.objective.id,
        status: body.status,
        confidence: body.confidence ?? null,
        note: body.note || null,
        createdBy: ctx.access.userId,
      });
      return reply
        .status(201)
        .send(
          ok(
            { objective: await freshObjective(db, ctx.access, ctx.objective.id) },
            'okrs:messages.checked_in',
          ),
        );
    },
  );
}
