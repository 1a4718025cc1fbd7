import type { Actor } from '../../../core/actor';
import { notificationSettingsOf } from '../store';
import type { ProfileDeps } from './deps';
import { selfOf, updateSelf } from './self';

/** Changes some of the actor's notification switches. */
export async function saveNotificationSettings(
  deps: ProfileDeps,
  actor: Actor,
  changes: Record<string, boolean>,
) {
  const current = notificationSettingsOf(await selfOf(deps.db, actor));
  const updated = await updateSelf(deps.db, actor, {
    notificationSettings: { ...current, ...changes },
  });
  return { notification_settings: notificationSettingsOf(updated) };
}
