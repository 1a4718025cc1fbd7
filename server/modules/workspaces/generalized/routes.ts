import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { emptyResource, envelope } from '@contracts/common';
import {
  basicInformationStep,
  draftIdParam,
  GENERALIZED_STEPS,
  planStep,
  scheduleStep,
  workspaceDraft,
  workspaceDraftList,
  type GeneralizedStep,
  type WorkspaceDraft,
} from '@contracts/schedules';
import { workspace as workspaceSchema } from '@contracts/workspaces';
import { requireAuth } from '../../../auth/guard';
import { workspaceDrafts, workspaceQuestions, type WorkspaceDraftRow } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { notFound, validationFailed } from '../../../http/errors';
import type { App } from '../../../http/types';
import { assertDateOrder, createWorkspace } from '../core/create-workspace';
import { presentWorkspace } from '../present';
import { insertSchedule } from '../schedules/schedule';

const tags = ['generalized workspaces'];

function presentDraft(row: WorkspaceDraftRow): WorkspaceDraft {
  // Steps were validated when saved; parsing again keeps the answer to the contract's shape.
  return {
    id: row.id,
    step: row.step,
    basic_information: row.basicInformation
      ? basicInformationStep.parse(row.basicInformation)
      : null,
    plan: row.plan ? planStep.parse(row.plan) : null,
    schedule: row.schedule ? scheduleStep.shape.schedule.parse(row.schedule) : null,
    workspace_id: row.workspaceId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const furthest = (a: GeneralizedStep, b: GeneralizedStep) =>
  GENERALIZED_STEPS.indexOf(a) >= GENERALIZED_STEPS.indexOf(b) ? a : b;

/**
 * The three steps of creating a generalized workspace (spec 2.5): basic information, plan,
 * schedule. Each step is saved in a draft only its author sees, so the person can stop and
 * resume by id; completing the draft creates the workspace, its questions and its schedule
 * in one transaction.
 */
export default async function generalizedRoutes(app: App) {
  const { db } = app.deps;

  async function loadDraft(request: FastifyRequest, id: number) {
    const { user } = requireAuth(request);
    const [row] = await db
      .select()
      .from(workspaceDrafts)
      .where(
        and(
          eq(workspaceDrafts.id, id),
          eq(workspaceDrafts.userId, user.id),
          isNull(workspaceDrafts.completedAt),
        ),
      );
    if (!row) throw notFound('workspaces:messages.draft_not_found');
    return row;
  }

  async function saveStep(
    id: number,
    step: GeneralizedStep,
    values: Partial<typeof workspaceDrafts.$inferInsert>,
    current: GeneralizedStep,
  ) {
    const [row] = await db
      .update(workspaceDrafts)
      .set({ ...values, step: furthest(current, step), updatedAt: new Date() })
      .where(eq(workspaceDrafts.id, id))
      .returning();
    return presentDraft(row);
  }

  const draftResponse = { 200: envelope(workspaceDraft) };

  app.get(
    '/workspaces/generalized',
    {
      schema: {
        tags,
        summary: "The caller's unfinished generalized workspaces",
        response: { 200: envelope(workspaceDraftList) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const rows = await db
        .select()
        .from(workspaceDrafts)
        .where(and(eq(workspaceDrafts.userId, user.id), isNull(workspaceDrafts.completedAt)))
        .orderBy(desc(workspaceDrafts.updatedAt));
      return ok({ drafts: rows.map(presentDraft) });
    },
  );

  app.post(
    '/workspaces/generalized',
    {
      schema: {
        tags,
        summary: 'Start a generalized workspace with its basic information',
        body: basicInformationStep,
        response: { 201: envelope(workspaceDraft) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      assertDateOrder(request.body.start_date ?? null, request.body.end_date ?? null);
      const [row] = await db
        .insert(workspaceDrafts)
        .values({ userId: user.id, basicInformation: request.body, step: 'basic-information' })
        .returning();
      return reply.status(201).send(ok(presentDraft(row)));
    },
  );

  app.get(
    '/workspaces/generalized/:id',
    { schema: { tags, params: draftIdParam, response: draftResponse } },
    async (request) => ok(presentDraft(await loadDraft(request, request.params.id))),
  );

  app.put(
    '/workspaces/generalized/:id/basic-information',
    { schema: { tags, params: draftIdParam, body: basicInformationStep, response: draftResponse } },
    async (request) => {
      const draft = await loadDraft(request, request.params.id);
      assertDateOrder(request.body.start_date ?? null, request.body.end_date ?? null);
      return ok(
        await saveStep(
          draft.id,
          'basic-information',
          { basicInformation: request.body },
          draft.step,
        ),
      );
    },
  );

  app.put(
    '/workspaces/generalized/:id/plan',
    { schema: { tags, params: draftIdParam, body: planStep, response: draftResponse } },
    async (request) => {
      const draft = await loadDraft(request, request.params.id);
      return ok(await saveStep(draft.id, 'plan', { plan: request.body }, draft.step));
    },
  );

  app.put(
    '/workspaces/generalized/:id/schedule',
    { schema: { tags, params: draftIdParam, body: scheduleStep, response: draftResponse } },
    async (request) => {
      const draft = await loadDraft(request, request.params.id);
      return ok(
        await saveStep(draft.id, 'schedule', { schedule: request.body.schedule }, draft.step),
      );
    },
  );

  app.delete(
    '/workspaces/generalized/:id',
    { schema: { tags, params: draftIdParam, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const draft = await loadDraft(request, request.params.id);
      await db.delete(workspaceDrafts).where(eq(workspaceDrafts.id, draft.id));
      return ok({}, 'workspaces:messages.draft_deleted');
    },
  );

  app.post(
    '/workspaces/generalized/:id/complete',
    {
      schema: {
        tags,
        summary: 'Create the workspace from a draft whose basic information and plan are saved',
        params: draftIdParam,
        response: { 201: envelope(workspaceSchema) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const draft = presentDraft(await loadDraft(request, request.params.id));
      const basics = draft.basic_information;
      const plan = draft.plan;
      if (!basics || !plan) {
        throw validationFailed({
          [basics ? 'plan' : 'basic_information']: 'workspaces:messages.draft_step_missing',
        });
      }
      const created = await db.transaction(async (tx) => {
        const row = await createWorkspace(tx, user.id, {
          name: basics.name,
          workspace_type: 'generalized',
          description: basics.description,
          start_date: basics.start_date,
          end_date: basics.end_date,
          schema: basics.color ? { color: basics.color } : undefined,
          sections: plan.sections,
          member_access: plan.member_access,
          team_formation_strategy: plan.team_formation_strategy ?? null,
        });
        if (plan.questions.length > 0) {
          await tx.insert(workspaceQuestions).values(
            plan.questions.map((q, position) => ({
              workspaceId: row.id,
              type: 'onboarding' as const,
              text: q.text,
              options: q.options,
              required: q.required,
              position,
            })),
          );
        }
        if (draft.schedule) await insertSchedule(tx, row.id, user.id, draft.schedule);
        await tx
          .update(workspaceDrafts)
          .set({ workspaceId: row.id, completedAt: new Date(), updatedAt: new Date() })
          .where(eq(workspaceDrafts.id, draft.id));
        return row;
      });
      const presented = await presentWorkspace(db, created, 'owner', {
        id: user.id,
        isSupervisor: user.role === 'supervisor',
      });
      return reply.status(201).send(ok(presented, 'workspaces:messages.created'));
    },
  );
}
