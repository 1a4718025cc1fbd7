import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { workspaceSkillBody } from '@contracts/profile';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { skills } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import type { Language } from '../../../i18n';
import { skillSearchKey } from '../skills';
import type { ProfileDeps } from './deps';

/** Adds a skill only one workspace sees; its name may not repeat a skill it sees already. */
export async function addWorkspaceSkill(
  deps: ProfileDeps,
  actor: Actor,
  input: { workspaceId: number; lang: Language } & z.output<typeof workspaceSkillBody>,
) {
  const { db } = deps;
  const { workspaceId, name, name_vi: nameVi } = input;
  await workspaceAccessFor(db, actor, workspaceId, 'update_workspace', { change: true });
  const names = [name, nameVi].filter((n): n is string => Boolean(n)).map((n) => n.toLowerCase());
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
      createdBy: actor.userId,
      searchKey: skillSearchKey(name, nameVi),
    })
    .onConflictDoNothing()
    .returning();
  // Someone added the same name a moment ago.
  if (!created) throw exists();
  return {
    skill: {
      id: created.id,
      name: input.lang === 'vi' ? (created.nameVi ?? created.name) : created.name,
      category: null,
      workspace_id: workspaceId,
    },
  };
}
