import { SignJWT } from 'jose';
import { signDerivedJwt, verifyDerivedJwt } from '../../auth/derived-jwt';
import type { AppDeps } from '../../context';
import { eq } from 'drizzle-orm';
import { ltiPlatforms, users } from '../../db/schema';
import { MESSAGE, SCOPE } from './claims';
import { LaunchError } from './pages';
import { toolUrls } from './present';

const TIMEOUT_MS = 10_000;
const REGISTER_TOKEN_DAYS = 7;

/** What the registration link's secret is derived for from the signing key (signing-keys.ts). */
const REGISTER_PURPOSE = 'lti-register';

/** The `t` of our registration URL: who the platform registered through it will belong to. */
export function registerToken(deps: AppDeps, userId: number) {
  return signDerivedJwt(
    deps.signingKeys,
    REGISTER_PURPOSE,
    new SignJWT({})
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(`${REGISTER_TOKEN_DAYS}d`),
  );
}

export async function registerTokenOwner(deps: AppDeps, token: string | undefined) {
  if (!token) return null;
  const verified = await verifyDerivedJwt(deps.signingKeys, REGISTER_PURPOSE, token);
  const id = Number(verified?.payload.sub);
  return Number.isInteger(id) && id > 0 ? id : null;
}

interface PlatformConfiguration {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  registration_endpoint: string;
  'https://purl.imsglobal.org/spec/lti-platform-configuration'?: { product_family_code?: string };
}

async function getJson(url: string, init: RequestInit = {}) {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new LaunchError('platform_unreachable', 502);
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body) throw new LaunchError('registration_failed', 502);
  return body;
}

/**
 * Dynamic Registration asks that the issuer's domain match the configuration URL's domain.
 * Hosted platforms serve the configuration from the institution's host under the vendor's
 * domain (school.instructure.com for issuer canvas.instructure.com), so the registrable part
 * (last two labels; the whole host for an IP address) is compared.
 */
function sameDomain(a: string, b: string) {
  const domain = (url: string) => {
    const host = new URL(url).hostname;
    return /^[\d.]+$|:/.test(host) ? host : host.split('.').slice(-2).join('.');
  };
  return domain(a) === domain(b);
}

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//.test(value);

/**
 * LTI Dynamic Registration 1.0: read the platform's OpenID configuration, send our tool
 * registration to its registration endpoint, and keep the platform it answers with.
 */
export async function dynamicRegistration(
  deps: AppDeps,
  ownerId: number,
  configurationUrl: string,
  registrationToken: string | undefined,
) {
  if (!isHttpUrl(configurationUrl)) throw new LaunchError('registration_failed');
  const [owner] = await deps.db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner) throw new LaunchError('registration_failed');
  const configuration = (await getJson(configurationUrl, {
    headers: { accept: 'application/json' },
  })) as unknown as PlatformConfiguration;
  const { issuer } = configuration;
  if (
    !isHttpUrl(issuer) ||
    !sameDomain(issuer, configurationUrl) ||
    !isHttpUrl(configuration.registration_endpoint) ||
    !isHttpUrl(configuration.authorization_endpoint) ||
    !isHttpUrl(configuration.token_endpoint) ||
    !isHttpUrl(configuration.jwks_uri)
  ) {
    throw new LaunchError('registration_failed');
  }
  const urls = toolUrls(deps.config);
  const appUrl = new URL(deps.config.APP_URL);
  const registration = await getJson(configuration.registration_endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(registrationToken ? { authorization: `Bearer ${registrationToken}` } : {}),
    },
    body: JSON.stringify({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: urls.login_url,
      redirect_uris: [urls.launch_url],
      client_name: 'Teamloop',
      jwks_uri: urls.jwks_url,
      logo_uri: `${appUrl.origin}/favicon.svg`,
      token_endpoint_auth_method: 'private_key_jwt',
      scope: [SCOPE.lineItem, SCOPE.score, SCOPE.resultReadonly, SCOPE.memberships].join(' '),
      'https://purl.imsglobal.org/spec/lti-tool-configuration': {
        domain: appUrl.host,
        target_link_uri: urls.launch_url,
        claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
        messages: [
          { type: MESSAGE.resourceLink },
          { type: MESSAGE.deepLinkingRequest, target_link_uri: urls.launch_url },
        ],
      },
    }),
  });
  const clientId = registration.client_id;
  const tool = registration['https://purl.imsglobal.org/spec/lti-tool-configuration'] as
    { deployment_id?: unknown } | undefined;
  if (typeof clientId !== 'string' || !clientId) throw new LaunchError('registration_failed', 502);
  const deploymentId = typeof tool?.deployment_id === 'string' ? [tool.deployment_id] : [];
  const name =
    configuration['https://purl.imsglobal.org/spec/lti-platform-configuration']
      ?.product_family_code ?? new URL(issuer).host;
  const values = {
    name: String(name).slice(0, 200),
    issuer,
    clientId,
    deploymentIds: deploymentId,
    authLoginUrl: configuration.authorization_endpoint,
    accessTokenUrl: configuration.token_endpoint,
    jwksUrl: configuration.jwks_uri,
    ownerId,
    // As for a plugin added by hand: a supervisor's registration counts as approved, and one
    // an owner makes (or makes again) waits for a supervisor.
    ...(owner.role === 'supervisor'
      ? { approvedAt: new Date(), approvedBy: owner.id }
      : { approvedAt: null, approvedBy: null }),
  };
  const [row] = await deps.db
    .insert(ltiPlatforms)
    .values(values)
    .onConflictDoUpdate({
      target: [ltiPlatforms.issuer, ltiPlatforms.clientId],
      set: { ...values, status: 'active', archivedAt: null, updatedAt: new Date() },
    })
    .returning();
  return row;
}
