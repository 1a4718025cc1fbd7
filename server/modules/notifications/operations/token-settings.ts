import { eq } from 'drizzle-orm';
import { NOTIFICATION_SETTING_KEYS } from '@contracts/profile';
import { verifyLinkToken } from '../../../auth/signed-link';
import { SETTINGS_LINK_PURPOSE } from '../../../core/notify';
import { users, type UserRow } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { changeNotificationSettings, notificationSettingsOf } from '../../profile';
import type { SigningNotificationsDeps } from './deps';

/** The person a mailed settings link is for: no sign-in, the signed token is the key. */
async function personOfToken(deps: SigningNotificationsDeps, token: string) {
  const userId = await verifyLinkToken(deps.signingKeys, SETTINGS_LINK_PURPOSE, token);
  const [person] =
    userId === null ? [] : await deps.db.select().from(users).where(eq(users.id, userId));
  if (!person || person.deletedAt || person.deactivatedAt) {
    throw refusal(404, 'invalid_token', 'notifications:messages.bad_token');
  }
  return person;
}

const maskEmail = (email: string) => email.replace(/^(.).*(@.*)$/, '$1***$2');

const presentTokenSettings = (person: UserRow) => ({
  email: maskEmail(person.email),
  notification_settings: notificationSettingsOf(person),
});

/** The notification settings a mailed settings link opens. */
export async function showTokenSettings(deps: SigningNotificationsDeps, input: { token: string }) {
  return presentTokenSettings(await personOfToken(deps, input.token));
}

/** Changes notification settings through a mailed settings link; unknown switches are ignored. */
export async function saveTokenSettings(
  deps: SigningNotificationsDeps,
  input: { token: string; notification_settings: Record<string, boolean> },
) {
  const person = await personOfToken(deps, input.token);
  const changes = Object.fromEntries(
    Object.entries(input.notification_settings).filter(([key]) =>
      NOTIFICATION_SETTING_KEYS.includes(key),
    ),
  );
  return presentTokenSettings(await changeNotificationSettings(deps.db, person, changes));
}
