import type { CurrentUser } from '@contracts/auth';
import { displayName } from '../../core/people';
import { privacyOptionsOf } from '../../auth/privacy';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { profileCompletionPercent } from '../profile';

/** The only way a user row leaves the server for its owner: no hashes, no secrets. */
export async function presentCurrentUser(
  db: DbOrTx,
  user: UserRow,
  /** The profile's stored steps done (storedStepsDone), when read with the session. */
  storedStepsDone?: number,
): Promise<CurrentUser> {
  return {
    id: user.id,
    public_id: user.publicId,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    name: displayName(user),
    role: user.role,
    is_deleted: user.deletedAt !== null,
    is_deactivated: user.deactivatedAt !== null,
    is_verified: user.verifiedAt !== null,
    language: user.language,
    timezone: user.timezone,
    avatar_url: user.avatarUrl,
    bio: user.bio,
    privacy_accepted_at: user.privacyAcceptedAt?.toISOString() ?? null,
    profile_completion_percent: await profileCompletionPercent(
      db,
      user,
      undefined,
      storedStepsDone,
    ),
    preferences: user.preferences,
    privacy_options: privacyOptionsOf(user),
    notification_settings: user.notificationSettings,
    social_media: user.socialMedia,
    two_factor_enabled: user.twoFactorEnabledAt !== null,
    has_password: user.passwordHash !== null,
    created_at: user.createdAt.toISOString(),
  };
}
