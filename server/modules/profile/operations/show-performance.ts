import type { Actor } from '../../../core/actor';
import { privacyOf } from '../../../auth/privacy';
import { performanceOf } from '../../../core/performance-metrics';
import '../performance';
import { requireVisible } from '../privacy';
import type { ProfileDeps } from './deps';
import { viewerOf } from './self';

/** Figures of a person's work, as far as their privacy lets the actor see them. */
export async function showPerformance(deps: ProfileDeps, actor: Actor, ref: string) {
  const { db } = deps;
  const viewer = viewerOf(actor);
  const person = await requireVisible(db, viewer, ref, 'profile');
  const privacy = await privacyOf(db, viewer, [person]);
  return { user_id: person.id, metrics: await performanceOf(db, privacy, person) };
}
