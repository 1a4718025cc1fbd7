import {
  questionsQuery,
  questionsResource,
  skillsQuery,
  skillsResource,
  workspaceSkillBody,
  workspaceSkillResource,
} from '@contracts/profile';
import { envelope, idParam } from '@contracts/common';
import { requireAuth } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { addWorkspaceSkill } from './operations/add-workspace-skill';
import { PERSONALITY_ITEMS } from './personality';
import { listSkills, seedSkillCatalogue } from './skills';

/** Spec 7.14 lookups the profile owns: the skills catalogue and the self-assessment items. */
export default async function profileLookupRoutes(app: App) {
  const { deps } = app;
  const { db } = deps;
  const tags = ['lookups'];
  await seedSkillCatalogue(db);

  app.get(
    '/skills',
    {
      schema: {
        tags,
        summary: 'The skills catalogue, most used first',
        querystring: skillsQuery,
        response: { 200: envelope(skillsResource) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { search, limit, workspace_id: workspaceId } = request.query;
      return ok({
        skills: await listSkills(db, {
          userId: user.id,
          lang: request.lang,
          search,
          limit,
          workspaceId,
        }),
      });
    },
  );

  operationRoutes(app, ['workspaces']).post(
    '/workspaces/:id/skills',
    {
      summary: 'Adds a skill only this workspace sees (owner or admin)',
      params: idParam,
      body: workspaceSkillBody,
      answer: workspaceSkillResource,
      status: 201,
      message: 'profile:messages.workspace_skill_added',
    },
    (actor, request) =>
      addWorkspaceSkill(deps, actor, {
        workspaceId: request.params.id,
        lang: request.lang,
        ...request.body,
      }),
  );

  app.get(
    '/questions',
    {
      schema: {
        tags,
        summary: 'Questions of a kind; personality gives the 50 self-assessment items',
        querystring: questionsQuery,
        response: { 200: envelope(questionsResource) },
      },
    },
    async (request) =>
      ok({
        questions: PERSONALITY_ITEMS.map((item) => ({
          id: item.order,
          order: item.order,
          factor: item.factor,
          text: item.text[request.lang],
        })),
      }),
  );
}
