import type { z } from 'zod';
import { envelope } from '@contracts/common';
import {
  basicInformationStep,
  draftIdParam,
  planStep,
  scheduleStep,
  workspaceDraft,
  workspaceDraftList,
} from '@contracts/schedules';
import { workspace as workspaceSchema } from '@contracts/workspaces';
import { actorOf } from '../../../core/workspace-access';
import { ok } from '../../../http/envelope';
import { idRoutes, operationRoutes } from '../../../http/operation-routes';
import type { App } from '../../../http/types';
import { completeDraft } from './operations/complete-draft';
import { deleteDraft } from './operations/delete-draft';
import { listDrafts } from './operations/list-drafts';
import { saveDraftStep, type DraftStep, type DraftStepBody } from './operations/save-draft-step';
import { showDraft } from './operations/show-draft';
import { startDraft } from './operations/start-draft';

const tags = ['generalized workspaces'];

/**
 * The three steps of creating a generalized workspace (spec 2.5): basic information, plan,
 * schedule. Each step is saved in a draft only its author sees, so the person can stop and
 * resume by id; completing the draft creates the workspace, its questions and its schedule
 * in one transaction.
 */
export default async function generalizedRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const onDraft = idRoutes(app, tags, draftIdParam);
  const draftResponse = { 200: envelope(workspaceDraft) };

  route.get(
    '/workspaces/generalized',
    { summary: "The caller's unfinished generalized workspaces", answer: workspaceDraftList },
    (actor) => listDrafts(deps, actor),
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
    async (request, reply) =>
      reply.status(201).send(ok(await startDraft(deps, actorOf(request), request.body))),
  );

  app.get(
    '/workspaces/generalized/:id',
    { schema: { tags, params: draftIdParam, response: draftResponse } },
    async (request) => ok(await showDraft(deps, actorOf(request), request.params.id)),
  );

  /** A route that saves one step of a draft. */
  function stepRoute<K extends DraftStep>(step: K, body: z.ZodType<DraftStepBody<K>>) {
    app.route({
      method: 'PUT',
      url: `/workspaces/generalized/:id/${step}`,
      schema: { tags, params: draftIdParam, body, response: draftResponse },
      handler: async (request) =>
        ok(
          await saveDraftStep(deps, actorOf(request), {
            id: request.params.id,
            step,
            body: request.body as DraftStepBody<K>,
          }),
        ),
    });
  }
  stepRoute('basic-information', basicInformationStep);
  stepRoute('plan', planStep);
  stepRoute('schedule', scheduleStep);

  onDraft.delete(
    '/workspaces/generalized/:id',
    { message: 'workspaces:messages.draft_deleted' },
    deleteDraft,
  );

  onDraft.post(
    '/workspaces/generalized/:id/complete',
    {
      summary: 'Create the workspace from a draft whose basic information and plan are saved',
      answer: workspaceSchema,
      status: 201,
      message: 'workspaces:messages.created',
    },
    completeDraft,
  );
}
