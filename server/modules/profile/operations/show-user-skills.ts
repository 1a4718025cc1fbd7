import type { Actor } from '../../../core/actor';
import type { Language } from '../../../i18n';
import { requireVisible } from '../privacy';
import { listSkills, userSkillsOf } from '../skills';
import type { ProfileDeps } from './deps';
import { viewerOf } from './self';

/** A person's skills, with the catalogue the actor sees. */
export async function showUserSkills(
  deps: ProfileDeps,
  actor: Actor,
  input: { ref: string; lang: Language },
) {
  const { db } = deps;
  const person = await requireVisible(db, viewerOf(actor), input.ref, 'skills');
  return userSkillsResourceOf(db, actor, person.id, input.lang);
}

/** A person's skills and the catalogue the actor sees, in `lang`. */
export async function userSkillsResourceOf(
  db: ProfileDeps['db'],
  actor: Actor,
  personId: number,
  lang: Language,
) {
  return {
    user_id: personId,
    user_skills: await userSkillsOf(db, personId, lang),
    skills: await listSkills(db, { userId: actor.userId, lang, limit: 200 }),
  };
}
