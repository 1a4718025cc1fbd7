import { acceptLaunch, platformFor, validateIdToken } from '../launch';
import { LaunchError } from '../pages';
import { toolUrls } from '../present';
import { checkState } from '../state';
import type { LtiDeps } from './deps';

/**
 * The platform's launch, posted by the browser: its state must be ours and this browser's
 * (`cookieHeader`), its id token valid. Answers where the launch continues (the process page,
 * with a handle for it) and the state whose cookie is spent. A refusal is a LaunchError.
 */
export async function receiveLaunch(
  deps: LtiDeps,
  input: { id_token?: string; state?: string; cookieHeader?: string },
) {
  const checked = await checkState(deps.signingKeys, input.state, input.cookieHeader);
  if (!checked.ok) {
    if (checked.reason === 'cookie_blocked' && checked.relaunch) {
      const again = new URL(toolUrls(deps.config).login_url);
      for (const [k, v] of Object.entries(checked.relaunch)) {
        if (typeof v === 'string') again.searchParams.set(k, v);
      }
      throw new LaunchError('cookie_blocked', 400, { relaunch_url: again.toString() });
    }
    throw new LaunchError(checked.reason);
  }
  const idToken = input.id_token;
  if (!idToken) throw new LaunchError('invalid_token', 401);
  const platform = await platformFor(deps, idToken);
  const claims = await validateIdToken(platform, idToken, checked.state);
  const { handle } = await deps.db.transaction((tx) => acceptLaunch(deps, tx, platform, claims));
  const target = new URL(`/lti/process/${platform.id}`, deps.config.APP_URL);
  target.hash = `launch=${handle}`;
  return { redirect: target.toString(), stateId: checked.state.sid };
}
