import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AppConfig } from '@server/config';
import { refusal, type AppError } from '@server/http/errors';
import { isMicrosoftHostClient } from './host-clients';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The scope the manifest's webApplicationInfo asks Teams to get the token for. */
export const SSO_SCOPE = 'access_as_user';

/** Where Teams SSO is configured: nothing here means the exchange is switched off. */
export interface TeamsSsoSettings {
  clientId: string;
  audiences: string[];
  /** Only this tenant may sign in; null when the app is multi-tenant. */
  tenantId: string | null;
  authorityHost: string;
  clientSecret?: string;
}

export function teamsSsoSettings(config: AppConfig): TeamsSsoSettings | null {
  if (!config.M365_CLIENT_ID) return null;
  const tenant = config.M365_TENANT_ID?.trim();
  return {
    clientId: config.M365_CLIENT_ID,
    audiences: [config.M365_CLIENT_ID, config.M365_APPLICATION_ID_URI].filter(
      (value): value is string => Boolean(value),
    ),
    // "common" or "organizations" (or nothing) leave every tenant in.
    tenantId: tenant && GUID.test(tenant) ? tenant.toLowerCase() : null,
    authorityHost: config.M365_AUTHORITY_HOST.replace(/\/+$/, ''),
    clientSecret: config.M365_CLIENT_SECRET,
  };
}

/** Who the token says the person is, after every check passed. */
export interface TeamsIdentity {
  tenantId: string;
  objectId: string;
  name?: string;
  username?: string;
  /**
   * Whether `username` is an address the tenant vouches for: a member's sign-in name is on
   * one of the tenant's verified domains; a guest's is whatever their home provider says.
   */
  emailVerified: boolean;
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(settings: TeamsSsoSettings) {
  const url = `${settings.authorityHost}/${settings.tenantId ?? 'common'}/discovery/v2.0/keys`;
  let keys = keySets.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000 });
    keySets.set(url, keys);
  }
  return keys;
}

const refuse = (code: string, key: string): AppError =>
  refusal(401, code, `teams-host:messages.${key}`);

/**
 * Checks a token from `authentication.getAuthToken` the way Entra ID's docs ask a resource
 * to: signature against the published keys, issuer of the token's tenant (v2 tokens only,
 * as aad.manifest.json asks for), our audience, lifetime, the `access_as_user` scope, the
 * tenant when one is configured, and that a Microsoft 365 host requested it. Throws a 401
 * refusal otherwise.
 */
export async function verifyTeamsSsoToken(
  settings: TeamsSsoSettings,
  token: string,
): Promise<TeamsIdentity> {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(token);
  } catch {
    throw refuse('teams_token_invalid', 'token_invalid');
  }
  const tenantId = typeof claims.tid === 'string' ? claims.tid.toLowerCase() : '';
  if (!GUID.test(tenantId)) throw refuse('teams_token_invalid', 'token_invalid');
  if (settings.tenantId && tenantId !== settings.tenantId) {
    throw refuse('teams_tenant_not_allowed', 'tenant_not_allowed');
  }
  const issuer = `${settings.authorityHost}/${tenantId}/v2.0`;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(settings), {
      issuer,
      audience: settings.audiences,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'oid', 'tid'],
      clockTolerance: 60,
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw refuse('teams_token_expired', 'token_expired');
    throw refuse('teams_token_invalid', 'token_invalid');
  }
  const scopes = typeof payload.scp === 'string' ? payload.scp.split(' ') : [];
  if (!scopes.includes(SSO_SCOPE)) throw refuse('teams_scope_missing', 'scope_missing');
  if (!isMicrosoftHostClient(payload.azp ?? payload.appid)) {
    throw refuse('teams_client_not_allowed', 'client_not_allowed');
  }
  const objectId = String(payload.oid).toLowerCase();
  if (!GUID.test(objectId)) throw refuse('teams_token_invalid', 'token_invalid');

  const username = typeof payload.preferred_username === 'string' ? payload.preferred_username : '';
  // Entra ID names another identity provider in `idp` only for guests.
  const member =
    payload.idp === undefined ||
    payload.idp === issuer ||
    payload.idp === `https://sts.windows.net/${tenantId}/`;
  return {
    tenantId,
    objectId,
    name: typeof payload.name === 'string' ? payload.name : undefined,
    username: username || undefined,
    emailVerified: member && EMAIL.test(username),
  };
}
