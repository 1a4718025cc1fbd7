import * as oidc from 'openid-client';
import type { AppConfig } from '../../config';

/**
 * Sign-in with an external OpenID Connect provider configured by OIDC_* variables.
 * Authorization code flow with PKCE, state and nonce; the SPA route /oauth/callback
 * hands the code back to join/callback-to-login.
 */
export const OIDC_PROVIDER_ID = 'oidc';

let cached: { issuer: string; configuration: Promise<oidc.Configuration> } | null = null;

export function oidcConfiguration(config: AppConfig): Promise<oidc.Configuration> | null {
  const settings = config.oidc;
  if (!settings) return null;
  if (cached?.issuer !== settings.issuer) {
    const configuration = oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        settings.clientSecret ? undefined : oidc.None(),
        config.OIDC_ALLOW_INSECURE_HTTP ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        cached = null;
        throw error;
      });
    cached = { issuer: settings.issuer, configuration };
  }
  return cached.configuration;
}

export function oidcRedirectUri(config: AppConfig) {
  return new URL('/oauth/callback', config.APP_URL).toString();
}

export async function buildOidcAuthorizationUrl(
  configuration: oidc.Configuration,
  config: AppConfig,
  /** Our one-time token, so the callback can spend it like any other. */
  state: string,
) {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcRedirectUri(config),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.toString(), nonce, codeVerifier };
}

export interface OidcIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
}

export async function exchangeOidcCode(
  configuration: oidc.Configuration,
  config: AppConfig,
  params: { code: string; state: string; iss?: string; nonce: string; codeVerifier: string },
): Promise<OidcIdentity> {
  const callbackUrl = new URL(oidcRedirectUri(config));
  callbackUrl.searchParams.set('code', params.code);
  callbackUrl.searchParams.set('state', params.state);
  if (params.iss) callbackUrl.searchParams.set('iss', params.iss);
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: params.codeVerifier,
    expectedState: params.state,
    expectedNonce: params.nonce,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider returned no ID token');
  let info: Record<string, unknown> = { ...claims };
  if (!claims.email && tokens.access_token) {
    info = {
      ...info,
      ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)),
    };
  }
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    subject: claims.sub,
    email: str(info.email)?.toLowerCase(),
    emailVerified: info.email_verified === true,
    givenName: str(info.given_name),
    familyName: str(info.family_name),
    name: str(info.name),
  };
}
