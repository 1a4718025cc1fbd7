import type { z } from 'zod';
import type { saveSkillsBody } from '@contracts/profile';
import type { Actor } from '../../../core/actor';
import { validationFailed } from '../../../http/errors';
import type { Language } from '../../../i18n';
import { ensureSkills, replaceUserSkills, visibleSkillIds } from '../skills';
import type { ProfileDeps } from './deps';
import { userSkillsResourceOf } from './show-user-skills';

/** Replaces the actor's skills; names not in the catalogue are added to it. */
export async function saveSkills(
  deps: ProfileDeps,
  actor: Actor,
  input: z.output<typeof saveSkillsBody> & { lang: Language },
) {
  const entries = input.skills;
  const ids = entries.flatMap((e) => (e.skill_id === undefined ? [] : [e.skill_id]));
  await deps.db.transaction(async (tx) => {
    const known = await visibleSkillIds(tx, actor.userId, ids);
    const unknown = entries.findIndex((e) => e.skill_id !== undefined && !known.has(e.skill_id));
    if (unknown >= 0) {
      throw validationFailed({
        [`skills.${unknown}.skill_id`]: 'profile:messages.skill_unknown',
      });
    }
    const byName = await ensureSkills(
      tx,
      entries.flatMap((e) => (e.name === undefined ? [] : [e.name])),
      actor.userId,
    );
    await replaceUserSkills(
      tx,
      actor.userId,
      entries.map((e) => ({
        skillId: e.skill_id ?? byName.get(e.name!.toLowerCase())!,
        level: e.level ?? null,
      })),
    );
  });
  return userSkillsResourceOf(deps.db, actor, actor.userId, input.lang);
}
