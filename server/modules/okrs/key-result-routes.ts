import { and, asc, eq, inArray } from 'drizzle-orm';
import { emptyResource, envelope, idParam } from '@contracts/common';
import {
  answerParams,
  checkInBody,
  createKeyResultBody,
  keyResultItems,
  keyResultResource,
  tracking,
  updateCheckInBody,
  updateKeyResultBody,
} from '@contracts/okrs';
import type { DbOrTx } from '../../db/client';
import {
  keyResultAnswers,
  keyResultOwners,
  keyResults,
  objectives,
  taskKeyResults,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { forbidden, notFound } from '../../http/errors';
import type { App } from '../../http/types';
import { requireWorkspacePermission, type WorkspaceAccess } from '../../core/workspace-access';
import {
  checkOwners,
  checkPosition,
  keyResultAbilitiesOf,
  keyResultFor,
  loadKeyResult,
  objectiveFor,
  viewerOf,
} from './load';
import { recompute } from './check-ins';
import { syncFromTasks } from './task-progress';
import { presentAnswers, presentObjectives } from './present';
import { checkValue, keyResultValues } from './values';

const tags = ['okrs'];

async function freshKeyResult(db: DbOrTx, access: WorkspaceAccess, id: number) {
  const [kr] = await db.select().from(keyResults).where(eq(keyResults.id, id));
  const [objectiveRow] = await db
    .select()
    .from(objectives)
    .where(eq(objectives.id, kr.objectiveId));
  const [objective] = await presentObjectives(db, [objectiveRow], viewerOf(access));
  return objective.key_results.find((k) => k.id === id) as (typeof objective.key_results)[number];
}

export default async function keyResultRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/workspaces/:id/key-results',
    {
      schema: {
        tags,
        summary: "Every key result of the workspace's open and closed objectives",
        params: idParam,
        response: { 200: envelope(keyResultItems) },
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
        .from(objectives)
        .where(
          and(
            eq(objectives.workspaceId, access.workspace.id),
            inArray(objectives.status, ['open', 'closed']),
          ),
        )
        .orderBy(asc(objectives.name), asc(objectives.id));
      const presented = await presentObjectives(db, rows, viewerOf(access));
      return ok({ key_results: presented.flatMap((o) => o.key_results) });
    },
  );

  app.post(
    '/key-results',
    {
      schema: {
        tags,
        summary: 'A new key result of an objective',
        body: createKeyResultBody,
        response: { 201: envelope(keyResultResource) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const ctx = await objectiveFor(request, db, body.objective_id, 'add_key_result');
      const workspaceId = ctx.objective.workspaceId;
      const values = keyResultValues(body, null);
      await checkPosition(db, workspaceId, body.org_position_id);
      const owners = await checkOwners(db, workspaceId, body.owner_ids, 'owner_ids');
      const id = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(keyResults)
          .values({
            objectiveId: ctx.objective.id,
            workspaceId,
            name: body.name,
            ...values,
            currentValue: values.startValue,
            unit: body.unit ?? null,
            weight: body.weight ?? 1,
            orgPositionId: body.org_position_id ?? null,
            createdBy: ctx.access.userId,
          })
          .returning({ id: keyResults.id });
        if (owners.length) {
          await tx
            .insert(keyResultOwners)
            .values(owners.map((userId) => ({ keyResultId: made.id, userId })));
        }
        return made.id;
      });
      return reply
        .status(201)
        .send(
          ok(
            { key_result: await freshKeyResult(db, ctx.access, id) },
            'okrs:messages.key_result_created',
          ),
        );
    },
  );

  app.put(
    '/key-results/:id',
    {
      schema: {
        tags,
        summary: 'Change a key result: name, kind, values, unit, weight, owners, org position',
        params: idParam,
        body: updateKeyResultBody,
        response: { 200: envelope(keyResultResource) },
      },
    },
    async (request) => {
      const ctx = await keyResultFor(request, db, request.params.id, 'update');
      const { keyResult } = ctx;
      const body = request.body;
      const workspaceId = keyResult.workspaceId;
      const values = keyResultValues(body, keyResult);
      await checkPosition(db, workspaceId, body.org_position_id);
      const owners =
        body.owner_ids === undefined
          ? undefined
          : await checkOwners(db, workspaceId, body.owner_ids, 'owner_ids');
      await db.transaction(async (tx) => {
        await tx
          .update(keyResults)
          .set({
            name: body.name ?? keyResult.name,
            ...values,
            // Before the first check-in the current value is the start.
            currentValue:
              keyResult.lastCheckInAt === null ? values.startValue : keyResult.currentValue,
            unit: body.unit === undefined ? keyResult.unit : body.unit,
            weight: body.weight ?? keyResult.weight,
            orgPositionId:
              body.org_position_id === undefined ? keyResult.orgPositionId : body.org_position_id,
            updatedAt: new Date(),
          })
          .where(eq(keyResults.id, keyResult.id));
        if (owners) {
          await tx.delete(keyResultOwners).where(eq(keyResultOwners.keyResultId, keyResult.id));
          if (owners.length) {
            await tx
              .insert(keyResultOwners)
              .values(owners.map((userId) => ({ keyResultId: keyResult.id, userId })));
          }
        }
        // Turned on (or values changed): the value follows the linked tasks from now on.
        const [updated] = await tx.select().from(keyResults).where(eq(keyResults.id, keyResult.id));
        await syncFromTasks(tx, updated);
      });
      return ok(
        { key_result: await freshKeyResult(db, ctx.access, keyResult.id) },
        'okrs:messages.key_result_updated',
      );
    },
  );

  app.delete(
    '/key-results/:id',
    {
      schema: {
        tags,
        summary: 'Delete a key result with its check-ins',
        params: idParam,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const ctx = await keyResultFor(request, db, request.params.id, 'delete');
      await db.transaction(async (tx) => {
        await tx.delete(taskKeyResults).where(eq(taskKeyResults.keyResultId, ctx.keyResult.id));
        await tx.delete(keyResults).where(eq(keyResults.id, ctx.keyResult.id));
      });
      return ok({}, 'okrs:messages.key_result_deleted');
    },
  );

  app.get(
    '/key-results/:id/tracking',
    {
      schema: {
        tags,
        summary: "A key result's progress history: every check-in, oldest first",
        params: idParam,
        response: { 200: envelope(tracking) },
      },
    },
    async (request) => {
      const ctx = await loadKeyResult(request, db, request.params.id);
      const answers = await db
        .select()
        .from(keyResultAnswers)
        .where(eq(keyResultAnswers.keyResultId, ctx.keyResult.id))
        .orderBy(asc(keyResultAnswers.createdAt), asc(keyResultAnswers.id));
      const abilities = keyResultAbilitiesOf(ctx);
      return ok({
        key_result: await freshKeyResult(db, ctx.access, ctx.keyResult.id),
        tracking: await presentAnswers(db, ctx.keyResult, answers, abilities, viewerOf(ctx.access)),
      });
    },
  );

  app.post(
    '/key-results/:id/answer',
    {
      schema: {
        tags,
        summary: 'Check in on a key result: the new value, a status, a confidence and a note',
        params: idParam,
        body: checkInBody,
        response: { 201: envelope(keyResultResource) },
      },
    },
    async (request, reply) => {
      const ctx = await keyResultFor(request, db, request.params.id, 'check_in');
      const body = request.body;
      checkValue(ctx.keyResult.kind, body.value);
      await db.transaction(async (tx) => {
        await tx.insert(keyResultAnswers).values({
          keyResultId: ctx.keyResult.id,
          value: body.value,
          status: body.status,
          confidence: body.confidence ?? null,
          note: body.note || null,
          createdBy: ctx.access.userId,
        });
        await recompute(tx, ctx.keyResult);
      });
      return reply
        .status(201)
        .send(
          ok(
            { key_result: await freshKeyResult(db, ctx.access, ctx.keyResult.id) },
            'okrs:messages.checked_in',
          ),
        );
    },
  );

  /** A check-in of this key result that the caller may change (403 otherwise). */
  async function answerFor(
    request: Parameters<typeof loadKeyResult>[0],
    id: number,
    report: number,
  ) {
    const ctx = await loadKeyResult(request, db, id, true);
    const [answer] = await db
      .select()
      .from(keyResultAnswers)
      .where(and(eq(keyResultAnswers.id, report), eq(keyResultAnswers.keyResultId, id)));
    if (!answer) throw notFound('okrs:messages.answer_not_found');
    const [shown] = await presentAnswers(
      db,
      ctx.keyResult,
      [answer],
      keyResultAbilitiesOf(ctx),
      viewerOf(ctx.access),
    );
    if (!shown.abilities.update) throw forbidden();
    return { ctx, answer };
  }

  app.put(
    '/key-results/:id/answers/:report',
    {
      schema: {
        tags,
        summary: 'Correct a check-in; the key result and its history follow',
        params: answerParams,
        body: updateCheckInBody,
        response: { 200: envelope(keyResultResource) },
      },
    },
    async (request) => {
      const { ctx, answer } = await answerFor(request, request.params.id, request.params.report);
      const body = request.body;
      if (body.value !== undefined) checkValue(ctx.keyResult.kind, body.value);
      await db.transaction(async (tx) => {
        await tx
          .update(keyResultAnswers)
          .set({
            value: body.value ?? answer.value,
            status: body.status ?? answer.status,
            confidence: body.confidence === undefined ? answer.confidence : body.confidence,
            note: body.note === undefined ? answer.note : body.note || null,
          })
          .where(eq(keyResultAnswers.id, answer.id));
        await recompute(tx, ctx.keyResult);
      });
      return ok(
        { key_result: await freshKeyResult(db, ctx.access, ctx.keyResult.id) },
        'okrs:messages.answer_updated',
      );
    },
  );

  app.delete(
    '/key-results/:id/answers/:report',
    {
      schema: {
        tags,
        summary: 'Remove a check-in; the key result and its history follow',
        params: answerParams,
        response: { 200: envelope(keyResultResource) },
      },
    },
    async (request) => {
      const { ctx, answer } = await answerFor(request, request.params.id, request.params.report);
      await db.transaction(async (tx) => {
        await tx.delete(keyResultAnswers).where(eq(keyResultAnswers.id, answer.id));
        await recompute(tx, ctx.keyResult);
      });
      return ok(
        { key_result: await freshKeyResult(db, ctx.access, ctx.keyResult.id) },
        'okrs:messages.answer_deleted',
      );
    },
  );
}
