import type { Actor } from '../../../core/actor';
import { notFound } from '../../../http/errors';
import { requireVisible } from '../privacy';
import { loadProfile } from '../store';
import type { ProfileDeps } from './deps';
import { viewerOf } from './self';

/** The CV of a person whose profile the actor may see. */
export async function findCv(deps: ProfileDeps, actor: Actor, ref: string) {
  const person = await requireVisible(deps.db, viewerOf(actor), ref, 'profile');
  const cv = (await loadProfile(deps.db, person.id))?.cv;
  if (!cv) throw notFound('profile:messages.cv_missing');
  return cv;
}
