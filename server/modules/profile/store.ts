import { eq } from 'drizzle-orm';
import {
  NOTIFICATION_SETTING_KEYS,
  notificationSettingDefault,
  type NotificationChannel,
  type NotificationEvent,
  type WorkPreferences,
} from '@contracts/profile';
import type { DbOrTx } from '../../db/client';
import { userProfiles, type UserProfileRow, type UserRow } from '../../db/schema';

export async function loadProfile(db: DbOrTx, userId: number): Promise<UserProfileRow | null> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row ?? null;
}

/** Writes some profile fields, making the person's profile row on first save. */
export async function saveProfile(
  db: DbOrTx,
  userId: number,
  values: Partial<Omit<typeof userProfiles.$inferInsert, 'userId'>>,
): Promise<UserProfileRow> {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(userProfiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userProfiles.userId, set })
    .returning();
  return row;
}

/** Every notification switch with its stored value; the ones never touched are on. */
export function notificationSettingsOf(user: Pick<UserRow, 'notificationSettings'>) {
  return Object.fromEntries(
    NOTIFICATION_SETTING_KEYS.map((key) => [
      key,
      user.notificationSettings[key] ?? notificationSettingDefault(key),
    ]),
  );
}

/** Whether to tell a person about an event by a channel; modules that notify ask this. */
export function wantsNotification(
  user: Pick<UserRow, 'notificationSettings'>,
  event: NotificationEvent,
  channel: NotificationChannel,
): boolean {
  const key = `${event}_${channel}`;
  return user.notificationSettings[key] ?? notificationSettingDefault(key);
}

export function workPreferencesOf(profile: UserProfileRow | null): WorkPreferences {
  const stored = (profile?.workPreferences ?? {}) as Partial<WorkPreferences>;
  return {
    preferred_roles: stored.preferred_roles ?? [],
    work_style: stored.work_style ?? null,
    communication: stored.communication ?? null,
    goals: stored.goals ?? null,
  };
}
