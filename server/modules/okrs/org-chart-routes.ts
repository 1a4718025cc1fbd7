import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { emptyResource, envelope, idParam } from '@contracts/common';
import {
  objectiveItems,
  orgChart,
  orgNodeParams,
  orgPositionBody,
  orgPositionResource,
  orgPositionUpdateBody,
  type OrgChartNode,
} from '@contracts/okrs';
import type { DbOrTx } from '../../db/client';
import { keyResults, objectives, orgPositions, type OrgPositionRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { requireWorkspaceChange, requireWorkspacePermission } from '../../core/workspace-access';
import { viewerOf } from './load';
import { managesOkrs } from './policy';
import { presentObjectives } from './present';

const tags = ['okrs'];

/** The positions of a workspace as a tree (spec 3 "Org chart node": children, org_position). */
export function orgTree(
  positions: OrgPositionRow[],
  objectiveCounts: Map<number, number>,
): OrgChartNode[] {
  const ids = new Set(positions.map((p) => p.id));
  const node = (p: OrgPositionRow, path: Set<number>): OrgChartNode => ({
    id: p.id,
    org_position: { id: p.id, name: p.name },
    objective_count: objectiveCounts.get(p.id) ?? 0,
    children: positions
      .filter((c) => c.parentId === p.id && !path.has(c.id))
      .map((c) => node(c, new Set([...path, c.id]))),
  });
  return positions
    .filter((p) => p.parentId === null || !ids.has(p.parentId))
    .map((p) => node(p, new Set([p.id])));
}

async function loadPositions(db: DbOrTx, workspaceId: number) {
  return db
    .select()
    .from(orgPositions)
    .where(eq(orgPositions.workspaceId, workspaceId))
    .orderBy(asc(orgPositions.name), asc(orgPositions.id));
}

/** Whether `id` lies under `ancestor` (or is it). */
function isUnder(positions: OrgPositionRow[], id: number, ancestor: number): boolean {
  let current: number | null = id;
  const seen = new Set<number>();
  while (current !== null && !seen.has(current)) {
    if (current === ancestor) return true;
    seen.add(current);
    current = positions.find((p) => p.id === current)?.parentId ?? null;
  }
  return false;
}

export default async function orgChartRoutes(app: App) {
  const { db } = app.deps;

  /** A position and the caller's right to change the chart (owners and admins). */
  async function positionFor(request: Parameters<typeof requireWorkspaceChange>[0], id: number) {
    const [position] = await db.select().from(orgPositions).where(eq(orgPositions.id, id));
    if (!position) throw notFound('okrs:messages.position_not_found');
    const access = await requireWorkspaceChange(
      request,
      db,
      position.workspaceId,
      'view_workspace',
    ).catch((error: unknown) => {
      if ((error as { statusCode?: number }).statusCode === 404) {
        throw notFound('okrs:messages.position_not_found');
      }
      throw error;
    });
    if (!managesOkrs(viewerOf(access))) throw forbidden();
    return { position, access };
  }

  app.get(
    '/workspaces/:id/org-chart',
    {
      schema: {
        tags,
        summary: "The workspace's org chart: positions as a tree",
        params: idParam,
        response: { 200: envelope(orgChart) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      const [positions, counts] = await Promise.all([
        loadPositions(db, access.workspace.id),
        db
          .select({ id: objectives.orgPositionId, n: count() })
          .from(objectives)
          .where(
            and(
              eq(objectives.workspaceId, access.workspace.id),
              isNotNull(objectives.orgPositionId),
            ),
          )
          .groupBy(objectives.orgPositionId),
      ]);
      const countMap = new Map(counts.map((c) => [c.id as number, Number(c.n)]));
      return ok({ nodes: orgTree(positions, countMap) });
    },
  );

  app.post(
    '/workspaces/:id/org-position',
    {
      schema: {
        tags,
        summary: 'Add a position to the org chart, under a parent position or at the top',
        params: idParam,
        body: orgPositionBody,
        response: { 201: envelope(orgPositionResource) },
      },
    },
    async (request, reply) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, 'view_workspace');
      if (!managesOkrs(viewerOf(access))) throw forbidden();
      const parentId = request.body.parent_id ?? null;
      if (parentId !== null) {
        const [parent] = await db
          .select({ id: orgPositions.id })
          .from(orgPositions)
          .where(
            and(eq(orgPositions.id, parentId), eq(orgPositions.workspaceId, access.workspace.id)),
          );
        if (!parent) throw validationFailed({ parent_id: 'okrs:messages.position_unknown' });
      }
      const [row] = await db
        .insert(orgPositions)
        .values({ workspaceId: access.workspace.id, name: request.body.name, parentId })
        .returning();
      return reply
        .status(201)
        .send(
          ok({ org_position: { id: row.id, name: row.name } }, 'okrs:messages.position_created'),
        );
    },
  );

  app.put(
    '/org-positions/:id',
    {
      schema: {
        tags,
        summary: 'Rename a position',
        params: idParam,
        body: orgPositionUpdateBody,
        response: { 200: envelope(orgPositionResource) },
      },
    },
    async (request) => {
      const { position } = await positionFor(request, request.params.id);
      await db
        .update(orgPositions)
        .set({ name: request.body.name })
        .where(eq(orgPositions.id, position.id));
      return ok(
        { org_position: { id: position.id, name: request.body.name } },
        'okrs:messages.position_updated',
      );
    },
  );

  app.put(
    '/org-positions/:id/org-nodes/:node',
    {
      schema: {
        tags,
        summary: 'Move a position under another node of the same chart',
        params: orgNodeParams,
        response: { 200: envelope(orgPositionResource) },
      },
    },
    async (request) => {
      const { position } = await positionFor(request, request.params.id);
      const positions = await loadPositions(db, position.workspaceId);
      const target = positions.find((p) => p.id === request.params.node);
      if (!target) throw validationFailed({ node: 'okrs:messages.position_unknown' });
      if (isUnder(positions, target.id, position.id)) {
        throw conflict('okrs:messages.position_cycle');
      }
      await db
        .update(orgPositions)
        .set({ parentId: target.id })
        .where(eq(orgPositions.id, position.id));
      return ok(
        { org_position: { id: position.id, name: position.name } },
        'okrs:messages.position_moved',
      );
    },
  );

  app.put(
    '/org-positions/:id/top',
    {
      schema: {
        tags,
        summary: 'Move a position to the top of the chart',
        params: idParam,
        response: { 200: envelope(orgPositionResource) },
      },
    },
    async (request) => {
      const { position } = await positionFor(request, request.params.id);
      await db.update(orgPositions).set({ parentId: null }).where(eq(orgPositions.id, position.id));
      return ok(
        { org_position: { id: position.id, name: position.name } },
        'okrs:messages.position_moved',
      );
    },
  );

  app.delete(
    '/org-positions/:id',
    {
      schema: {
        tags,
        summary:
          'Delete a position: its children move up to its parent; its objectives stay, unplaced',
        params: idParam,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const { position } = await positionFor(request, request.params.id);
      await db.transaction(async (tx) => {
        await tx
          .update(orgPositions)
          .set({ parentId: position.parentId })
          .where(eq(orgPositions.parentId, position.id));
        await tx
          .update(objectives)
          .set({ orgPositionId: null })
          .where(eq(objectives.orgPositionId, position.id));
        await tx
          .update(keyResults)
          .set({ orgPositionId: null })
          .where(eq(keyResults.orgPositionId, position.id));
        await tx.delete(orgPositions).where(eq(orgPositions.id, position.id));
      });
      return ok({}, 'okrs:messages.position_deleted');
    },
  );

  app.get(
    '/org-positions/:id/objectives',
    {
      schema: {
        tags,
        summary: 'Objectives placed at a position',
        params: idParam,
        response: { 200: envelope(objectiveItems) },
      },
    },
    async (request) => {
      const [position] = await db
        .select()
        .from(orgPositions)
        .where(eq(orgPositions.id, request.params.id));
      if (!position) throw notFound('okrs:messages.position_not_found');
      const access = await requireWorkspacePermission(
        request,
        db,
        position.workspaceId,
        'view_workspace',
      ).catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 404) {
          throw notFound('okrs:messages.position_not_found');
        }
        throw error;
      });
      const rows = await db
        .select()
        .from(objectives)
        .where(
          and(
            eq(objectives.orgPositionId, position.id),
            inArray(objectives.status, ['open', 'closed', 'archived']),
          ),
        )
        .orderBy(asc(objectives.name), asc(objectives.id));
      return ok({ objectives: await presentObjectives(db, rows, viewerOf(access)) });
    },
  );
}
