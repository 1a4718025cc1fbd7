import type { Actor } from '../../../core/actor';
import { loadPersonalityRow, presentPersonality, presentSoftSkills } from '../present';
import { requireVisible } from '../privacy';
import type { ProfileDeps } from './deps';
import { viewerOf } from './self';

async function personalityOf(deps: ProfileDeps, actor: Actor, ref: string) {
  const person = await requireVisible(deps.db, viewerOf(actor), ref, 'personality');
  return { person, row: await loadPersonalityRow(deps.db, person.id) };
}

/** A person's self-assessment result (with their answers only for themself). */
export async function showPersonality(deps: ProfileDeps, actor: Actor, ref: string) {
  const { person, row } = await personalityOf(deps, actor, ref);
  return presentPersonality(person.id, row, person.id === actor.userId);
}

/** Soft skills read from a person's self-assessment. */
export async function showSoftSkills(deps: ProfileDeps, actor: Actor, ref: string) {
  const { person, row } = await personalityOf(deps, actor, ref);
  return presentSoftSkills(person.id, row);
}
