import {
  AuthError,
  ConfidentialClientApplication,
  InteractionRequiredAuthError,
  LogLevel,
} from '@azure/msal-node';
import type { FastifyBaseLogger } from 'fastify';
import type { TeamsSsoSettings } from './sso-token';

/**
 * The on-behalf-of exchange: our SSO token for a Microsoft Graph token, then the person's
 * photo. Uses @azure/msal-node directly rather than TeamsFx's OnBehalfOfUserCredential
 * (docs/teams.md says why).
 */

/** Graph lives elsewhere in national clouds and in tests; nothing but this module uses it. */
export function graphUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.M365_GRAPH_URL || 'https://graph.microsoft.com').replace(/\/+$/, '');
}

const GRAPH_SCOPES = ['https://graph.microsoft.com/User.Read'];
const PHOTO_LIMIT_BYTES = 200_000;

/** Entra ID wants the person (or an admin) to consent before we may act for them. */
export class ConsentRequiredError extends Error {
  constructor(readonly reason: string) {
    super(`consent required: ${reason}`);
    this.name = 'ConsentRequiredError';
  }
}

const CONSENT_ERRORS = new Set(['invalid_grant', 'interaction_required', 'consent_required']);

function isConsentError(error: unknown): error is AuthError {
  if (error instanceof InteractionRequiredAuthError) return true;
  return (
    error instanceof AuthError &&
    (CONSENT_ERRORS.has(error.errorCode) ||
      CONSENT_ERRORS.has(error.subError) ||
      error.errorMessage.includes('AADSTS65001'))
  );
}

const clients = new Map<string, ConfidentialClientApplication>();

function clientFor(settings: TeamsSsoSettings, secret: string, log: FastifyBaseLogger) {
  const key = `${settings.authorityHost}|${settings.clientId}|${secret}`;
  let client = clients.get(key);
  if (!client) {
    client = new ConfidentialClientApplication({
      auth: {
        clientId: settings.clientId,
        clientSecret: secret,
        authority: `${settings.authorityHost}/organizations`,
        // Our configured authority host is trusted as is: no instance discovery call to
        // login.microsoftonline.com, so sovereign clouds and the test stand-in work alike.
        knownAuthorities: [new URL(settings.authorityHost).host],
      },
      system: {
        loggerOptions: {
          logLevel: LogLevel.Warning,
          piiLoggingEnabled: false,
          loggerCallback: (_level, message) => log.debug({ msal: message }, 'msal'),
        },
      },
    });
    clients.set(key, client);
  }
  return client;
}

export interface GraphPhoto {
  bytes: Buffer;
  mimeType: string;
  /** The file extension our avatar store names it with. */
  extension: string;
}

const PHOTO_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * The person's Graph photo, or null when they have none or Graph cannot be reached (a
 * picture is not worth failing a sign-in for). Throws ConsentRequiredError when Entra ID
 * asks for consent first, so the tab can run the consent pop-up.
 */
export async function fetchGraphPhoto(
  settings: TeamsSsoSettings,
  ssoToken: string,
  tenantId: string,
  log: FastifyBaseLogger,
): Promise<GraphPhoto | null> {
  if (!settings.clientSecret) return null;
  let accessToken: string;
  try {
    const result = await clientFor(settings, settings.clientSecret, log).acquireTokenOnBehalfOf({
      oboAssertion: ssoToken,
      scopes: GRAPH_SCOPES,
      authority: `${settings.authorityHost}/${tenantId}`,
      skipCache: true,
    });
    if (!result?.accessToken) return null;
    accessToken = result.accessToken;
  } catch (error) {
    if (isConsentError(error)) throw new ConsentRequiredError(error.errorCode);
    log.warn({ err: error }, 'on-behalf-of exchange failed; signing in without a photo');
    return null;
  }
  try {
    const response = await fetch(`${graphUrl()}/v1.0/me/photos/96x96/$value`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(5_000),
    });
    const mimeType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
    const extension = PHOTO_TYPES[mimeType];
    if (!response.ok || !extension) return null;
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length === 0 || bytes.length > PHOTO_LIMIT_BYTES) return null;
    return { bytes, mimeType, extension };
  } catch (error) {
    log.warn({ err: error }, 'Graph photo could not be read');
    return null;
  }
}
