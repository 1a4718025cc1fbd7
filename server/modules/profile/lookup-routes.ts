import {
  questionsQuery,
  questionsResource,
  skillsQuery,
  skillsResource,
  workspaceSkillBody,
  workspaceSkillResource,
} from '@contracts/profile';
import { envelope, idParam } from '@contracts/common';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { requireAuth } from '../../auth/guard';
import { skills } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { requireWorkspaceChange } from '../../core/workspace-access';
import { PERSONALITY_ITEMS } from './personality';
import { listSkills, seedSkillCatalogue, skillSearchKey } from './skills';

/** Spec 7.14 lookups the profile owns: the skills catalogue and the self-assessment items. */
export default async function profileLookupRoutes(app: App) {
  const { db } = app.deps;
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

  app.post(
    '/workspaces/:id/skills',
    {
      schema: {
        tags: ['workspaces'],
        summary: 'Adds a skill only this workspace sees (owner or admin)',
        params: idParam,
        body: workspaceSkillBody,
        response: { 201: envelope(workspaceSkillResource) },
      },
    },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const workspaceId = request.params.id;
      await requireWorkspaceChange(request, db, workspaceId, 'update_workspace');
      const { name, name_vi: nameVi } = request.body;
      const names = [name, nameVi]
        .filter((n): n is string => Boolean(n))
        .map((n) => n.toLowerCase());
      const [taken] = await db
        .select({ id: skills.id })
        .from(skills)
        .where(
          and(
            or(isNull(skills.workspaceId), eq(skills.workspaceId, workspaceId)),
            or(
              inArray(sql`lower(${skills.name})`, names),
              inArray(sql`lower(${skills.nameVi})`, names),
            ),
          ),
        )
        .limit(1);
      const exists = () => validationFailed({ name: 'profile:messages.skill_exists' });
      if (taken) throw exists();
      const [created] = await db
        .insert(skills)
        .values({
          name,
          nameVi: nameVi ?? null,
          workspaceId,
          createdBy: user.id,
          searchKey: skillSearchKey(name, nameVi),
        })
        .onConflictDoNothing()
        .returning();
      // Someone added the same name a moment ago.
      if (!created) throw exists();
      reply.code(201);
      return ok(
        {
          skill: {
            id: created.id,
            name: request.lang === 'vi' ? (created.nameVi ?? created.name) : created.name,
            category: null,
            workspace_id: workspaceId,
          },
        },
        'profile:messages.workspace_skill_added',
      );
    },
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
