import type { z } from 'zod';
import { privacyOptions } from '@contracts/auth';
import type { savePrivacyBody } from '@contracts/profile';
import type { Actor } from '../../../core/actor';
import { privacyOptionsOf } from '../../../auth/privacy';
import type { ProfileDeps } from './deps';
import { selfOf, updateSelf } from './self';

/** Changes some of the actor's privacy options. */
export async function savePrivacy(
  deps: ProfileDeps,
  actor: Actor,
  changes: z.output<typeof savePrivacyBody>,
) {
  const merged = privacyOptions.parse({
    ...privacyOptionsOf(await selfOf(deps.db, actor)),
    ...changes,
  });
  const updated = await updateSelf(deps.db, actor, { privacyOptions: merged });
  return { privacy_options: privacyOptionsOf(updated) };
}
