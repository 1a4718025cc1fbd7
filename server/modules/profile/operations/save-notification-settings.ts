import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { users, type UserRow } from '../../../db/schema';
import { notificationSettingsOf } from '../store';
import type { ProfileDeps } from './deps';
import { selfOf } from './self';

/** Changes some of a person's notification switches; answers their row as it became. */
export async function changeNotificationSettings(
  db: DbOrTx,
  person: UserRow,
  changes: Record<string, boolean>,
): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({
      notificationSettings: { ...notificationSettingsOf(person), ...changes },
      updatedAt: new Date(),
    })
    .where(eq(users.id, person.id))
    .returning();
  return updated;
}

/** Changes some of the actor's notification switches. */
export async function saveNotificationSettings(
  deps: ProfileDeps,
  actor: Actor,
  changes: Record<string, boolean>,
) {
  const updated = await changeNotificationSettings(deps.db, await selfOf(deps.db, actor), changes);
  return { notification_settings: notificationSettingsOf(updated) };
}
