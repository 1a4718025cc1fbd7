import type { z } from 'zod';
import type { updateUserBody } from '@contracts/account';
import type { Actor } from '../../../core/actor';
import { presentCurrentUser } from '../present';
import type { AccountDeps } from './deps';
import { selfOf, updateSelf } from '../../profile';

/** Changes the actor's name, language, bio and settings; maps of settings are merged. */
export async function updateOwnAccount(
  deps: AccountDeps,
  actor: Actor,
  body: z.output<typeof updateUserBody>,
) {
  const user = await selfOf(deps.db, actor);
  const updated = await updateSelf(deps.db, actor, {
    firstName: body.first_name,
    lastName: body.last_name,
    language: body.language,
    bio: body.bio,
    preferences: body.preferences ? { ...user.preferences, ...body.preferences } : undefined,
    notificationSettings: body.notification_settings
      ? { ...user.notificationSettings, ...body.notification_settings }
      : undefined,
    socialMedia: body.social_media,
    privacyOptions: body.privacy_options
      ? { ...user.privacyOptions, ...body.privacy_options }
      : undefined,
  });
  return presentCurrentUser(deps.db, updated);
}
