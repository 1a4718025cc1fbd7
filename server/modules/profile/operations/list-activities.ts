import { desc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { userActivities, type UserActivityRow } from '../../../db/schema';
import { requireVisible } from '../privacy';
import type { ProfileDeps } from './deps';
import { viewerOf } from './self';

function presentActivity(row: UserActivityRow) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    organization: row.organization,
    description: row.description,
    url: row.url,
    started_on: row.startedOn,
    ended_on: row.endedOn,
    created_at: row.createdAt.toISOString(),
  };
}

/** A person's activities, newest first. */
export async function activitiesOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(userActivities)
    .where(eq(userActivities.userId, userId))
    .orderBy(desc(userActivities.startedOn), desc(userActivities.createdAt));
  return { user_id: userId, activities: rows.map(presentActivity) };
}

/** Projects, work, courses and awards a person lists, if their profile is shown. */
export async function listActivities(deps: ProfileDeps, actor: Actor, ref: string) {
  const person = await requireVisible(deps.db, viewerOf(actor), ref, 'profile');
  return activitiesOf(deps.db, person.id);
}
