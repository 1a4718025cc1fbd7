import { questionsQuery, questionsResource, skillsQuery, skillsResource } from '@contracts/profile';
import { envelope } from '@contracts/common';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { PERSONALITY_ITEMS } from './personality';
import { listSkills } from './skills';

/** Spec 7.14 lookups the profile owns: the skills catalogue and the self-assessment items. */
export default async function profileLookupRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['lookups'];

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
    async (request) => ok({ skills: await listSkills(db, request.query) }),
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
