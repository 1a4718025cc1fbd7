import { eq } from 'drizzle-orm';
import type { SignInResult } from '@contracts/auth';
import type { Actor } from '../../../core/actor';
import { ltiPlatforms, users, type UserRow } from '../../../db/schema';
import { unauthorized } from '../../../http/errors';
import { finishSignIn, signInOrChallenge, type SignInClient, type SignInOutcome } from '../../auth';
import { spendLaunch } from '../launch';
import { offerLink } from '../link';
import type { LtiDeps } from './deps';

/**
 * A launch alone never signs in a supervisor, nor an account that must set up 2FA first (it
 * would hand the setup to whoever sent the launch): they sign in with their own password.
 */
const needsOwnSignIn = (user: UserRow) =>
  user.role === 'supervisor' || (user.twoFactorRequired && user.twoFactorEnabledAt === null);

const NOT_SIGNED_IN: SignInResult = {
  user: null,
  tours: null,
  profile_completion_percent: null,
  redirectToEnable: false,
  two_factor_required: false,
};

/**
 * The process page spends the launch's handle: the person the launch is for is signed in (or
 * asked for their second factor, or to sign in by their own means), and where to go next is
 * answered. `signedIn` is who this browser is signed in as already, if anyone; `linkCookie` is
 * the cookie that offers to link the launch to another account of theirs.
 */
export async function processLaunch(
  deps: LtiDeps,
  signedIn: Actor | null,
  input: { platformId: number; handle: string; client: SignInClient },
) {
  const result = await deps.db.transaction(async (tx) => {
    const launch = await spendLaunch(tx, input.platformId, input.handle);
    if (!launch) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, launch.userId));
    const [platform] = await tx
      .select({ name: ltiPlatforms.name })
      .from(ltiPlatforms)
      .where(eq(ltiPlatforms.id, launch.platformId));
    // Already signed in to that account in this browser, by its own means: nothing to add.
    const already = signedIn?.userId === user.id;
    const ownSignIn = !already && needsOwnSignIn(user);
    const signIn: SignInOutcome = ownSignIn
      ? { result: NOT_SIGNED_IN, token: null }
      : already
        ? await finishSignIn(deps, tx, user, 'lti', input.client)
        : await signInOrChallenge(deps, tx, user, 'lti', input.client);
    const linkCookie =
      signIn.result.user && launch.identityId ? await offerLink(deps.config, tx, launch.id) : null;
    return {
      token: signIn.token,
      linkCookie,
      result: {
        ...signIn.result,
        redirect: launch.workspaceId ? `/workspaces/${launch.workspaceId}` : '/workspaces',
        deep_linking: launch.deepLinking
          ? { launch_id: launch.id, workspace_id: launch.workspaceId }
          : null,
        sign_in_required: ownSignIn,
        link_offered: linkCookie !== null,
        platform_name: platform.name,
      },
    };
  });
  if (!result) throw unauthorized('lti:messages.launch_expired');
  return result;
}
