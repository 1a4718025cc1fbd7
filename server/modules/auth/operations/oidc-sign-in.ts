import { consumeOneTimeToken, createOneTimeToken, MINUTES } from '../../../auth/one-time-tokens';
import { newSplitToken } from '../../../auth/split-token';
import { badRequest, refusal, unauthorized } from '../../../http/errors';
import { findOrCreateExternalUser } from '../external-identity';
import {
  buildOidcAuthorizationUrl,
  exchangeOidcCode,
  OIDC_PROVIDER_ID,
  oidcConfiguration,
} from '../oidc';
import { signInOrChallenge, type SignInClient } from '../sign-in';
import type { AuthDeps } from './deps';

/** The server's identity provider; 404 when it has none (or the caller named another). */
function configured(deps: AuthDeps, provider = OIDC_PROVIDER_ID) {
  const configuration = oidcConfiguration(deps.config);
  if (!configuration || provider !== OIDC_PROVIDER_ID) {
    throw refusal(404, 'provider_not_configured', 'auth:messages.oidc_not_configured');
  }
  return configuration;
}

/** The identity provider's address to send the person to, its state kept for the return. */
export async function startOidcSignIn(deps: AuthDeps, input: { provider: string }) {
  const configuration = configured(deps, input.provider);
  const state = newSplitToken();
  const authorization = await buildOidcAuthorizationUrl(
    await configuration,
    deps.config,
    state.raw,
  );
  await createOneTimeToken(deps.db, 'oidc_state', {
    token: state,
    payload: { nonce: authorization.nonce, codeVerifier: authorization.codeVerifier },
    ttlMs: 15 * MINUTES,
  });
  return { url: authorization.url };
}

/**
 * The return from the identity provider: its code is exchanged for the person's identity, who
 * is found or made and signed in. `refused` hears why an exchange was refused (for the log).
 */
export async function finishOidcSignIn(
  deps: AuthDeps,
  input: {
    code: string;
    state: string;
    iss?: string;
    client: SignInClient;
    refused: (error: unknown) => void;
  },
) {
  const configuration = configured(deps);
  const state = await consumeOneTimeToken(deps.db, 'oidc_state', input.state);
  if (!state) throw badRequest('auth:messages.oidc_state_invalid');
  let identity;
  try {
    identity = await exchangeOidcCode(await configuration, deps.config, {
      code: input.code,
      state: input.state,
      iss: input.iss,
      nonce: String(state.payload.nonce),
      codeVerifier: String(state.payload.codeVerifier),
    });
  } catch (error) {
    input.refused(error);
    throw unauthorized('auth:messages.oidc_failed');
  }
  return deps.db.transaction(async (tx) => {
    const { user } = await findOrCreateExternalUser(tx, {
      provider: OIDC_PROVIDER_ID,
      subject: identity.subject,
      email: identity.email,
      emailVerified: identity.emailVerified,
      firstName: identity.givenName,
      lastName: identity.familyName,
    });
    return signInOrChallenge(deps, tx, user, 'oidc', input.client);
  });
}
