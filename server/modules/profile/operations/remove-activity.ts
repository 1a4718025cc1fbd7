import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { userActivities } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { ProfileDeps } from './deps';

/** Removes an activity from the actor's own profile. */
export async function removeActivity(deps: ProfileDeps, actor: Actor, activityId: number) {
  const removed = await deps.db
    .delete(userActivities)
    .where(and(eq(userActivities.id, activityId), eq(userActivities.userId, actor.userId)))
    .returning({ id: userActivities.id });
  if (removed.length === 0) throw notFound();
  return {};
}
