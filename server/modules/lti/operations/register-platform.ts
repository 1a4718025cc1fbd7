import { refreshFrameOrigins } from '../frame-origins';
import { LaunchError } from '../pages';
import { dynamicRegistration, registerTokenOwner } from '../registration';
import type { LtiDeps } from './deps';

/**
 * Dynamic registration, opened by a platform admin from our registration URL (its `t` says
 * whose the platform will be). Answers the registered platform's name.
 */
export async function registerPlatform(
  deps: LtiDeps,
  input: { t?: string; openid_configuration?: string; registration_token?: string },
) {
  const ownerId = await registerTokenOwner(deps, input.t);
  if (!ownerId || !input.openid_configuration) {
    throw new LaunchError('registration_failed');
  }
  const row = await dynamicRegistration(
    deps,
    ownerId,
    input.openid_configuration,
    input.registration_token,
  );
  await refreshFrameOrigins(deps.db);
  return { name: row.name };
}
