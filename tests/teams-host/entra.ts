import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

/**
 * A local stand-in for Microsoft Entra ID, enough for Teams SSO: it publishes a key set and
 * OpenID metadata per tenant, signs SSO tokens like the ones Teams hands a tab, answers the
 * on-behalf-of grant (or refuses it for want of consent), shows a consent page that sends the
 * pop-up back, and serves Microsoft Graph's photo endpoint. Point M365_AUTHORITY_HOST (and
 * M365_GRAPH_URL) at `url`.
 */

export const TEAMS_WEB_CLIENT_ID = '5e3ce6c0-2b1f-4285-8d4b-75ee78787346';
export const TENANT_A = '7c1c3a9e-0d4f-4a6b-9f60-2d1f0d6c1a11';
export const TENANT_B = 'b2f5e1d0-3c4a-4e8b-8a7d-6f9e0c1b2a22';
export const CLIENT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const CLIENT_SECRET = 'stand-in-client-secret';

export interface EntraStandIn {
  url: string;
  /** An SSO token as `authentication.getAuthToken` would give it; claims override defaults. */
  ssoToken(claims?: JWTPayload, options?: { forged?: boolean }): Promise<string>;
  /** Makes the on-behalf-of grant answer AADSTS65001 for this person until they consent. */
  requireConsent(objectId: string): void;
  setPhoto(objectId: string, png: Buffer): void;
  /** How many on-behalf-of grants were asked for. */
  oboCalls(): number;
  close(): Promise<void>;
}

/** A certificate for 127.0.0.1 and localhost, made with openssl for one test run. */
export function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'entra-stand-in-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
      ...['-keyout', key, '-out', cert, '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });
  return pair;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** `https: true` when @azure/msal-node will talk to it: MSAL refuses plain-HTTP authorities. */
export async function startEntraStandIn(options: { https?: boolean } = {}): Promise<EntraStandIn> {
  const signing = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(signing.publicKey)), kid, use: 'sig', alg: 'RS256' };
  const needsConsent = new Set<string>();
  const photos = new Map<string, Buffer>();
  const usernames = new Map<string, string>();
  let oboCount = 0;
  let base = '';

  const sign = (payload: JWTPayload, key: CryptoKey, lifetime = 3600) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iat: now, nbf: now, exp: now + lifetime, ...payload })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(key);
  };

  const verifyOwn = async (token: string) =>
    (await jwtVerify(token, signing.publicKey, { algorithms: ['RS256'] })).payload;

  const handler = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    const [, tenant, ...rest] = url.pathname.split('/');
    const route = rest.join('/');

    if (url.pathname === '/v1.0/me/photos/96x96/$value') {
      const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const claims = await verifyOwn(bearer).catch(() => null);
      if (!claims) return send(response, 401, { error: { code: 'InvalidAuthenticationToken' } });
      const photo = photos.get(String(claims.oid));
      if (!photo) return send(response, 404, { error: { code: 'ImageNotFound' } });
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(photo);
    }
    if (route === 'discovery/v2.0/keys') return send(response, 200, { keys: [jwk] });
    if (route === 'v2.0/.well-known/openid-configuration') {
      const authority = `${base}/${tenant}`;
      return send(response, 200, {
        issuer: `${authority}/v2.0`,
        authorization_endpoint: `${authority}/oauth2/v2.0/authorize`,
        token_endpoint: `${authority}/oauth2/v2.0/token`,
        end_session_endpoint: `${authority}/oauth2/v2.0/logout`,
        jwks_uri: `${authority}/discovery/v2.0/keys`,
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        subject_types_supported: ['pairwise'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (route === 'oauth2/v2.0/authorize') {
      // The person approves at once: whoever the hint names has consented from now on.
      const oid = usernames.get(url.searchParams.get('login_hint') ?? '');
      if (oid) needsConsent.delete(oid);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', randomUUID());
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (route === 'oauth2/v2.0/token' && request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      oboCount += 1;
      if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
        return send(response, 401, {
          error: 'invalid_client',
          error_description: 'AADSTS7000215: Invalid client secret provided.',
          error_codes: [7000215],
        });
      }
      const assertion = await verifyOwn(form.get('assertion') ?? '').catch(() => null);
      if (!assertion || form.get('requested_token_use') !== 'on_behalf_of') {
        return send(response, 400, {
          error: 'invalid_grant',
          error_description: 'AADSTS50013: Assertion failed signature validation.',
          error_codes: [50013],
        });
      }
      if (needsConsent.has(String(assertion.oid))) {
        return send(response, 400, {
          error: 'invalid_grant',
          error_description:
            'AADSTS65001: The user or administrator has not consented to use the application. Send an interactive authorization request for this user and resource.',
          error_codes: [65001],
          suberror: 'consent_required',
          timestamp: new Date().toISOString(),
          trace_id: randomUUID(),
          correlation_id: randomUUID(),
        });
      }
      const graphToken = await sign(
        { aud: '00000003-0000-0000-c000-000000000000', oid: assertion.oid, tid: tenant },
        signing.privateKey,
      );
      return send(response, 200, {
        token_type: 'Bearer',
        scope: form.get('scope'),
        expires_in: 3599,
        ext_expires_in: 3599,
        access_token: graphToken,
      });
    }
    send(response, 404, { error: 'not_found' });
  };

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handler(request, response).catch((error: unknown) =>
      send(response, 500, { error: String(error) }),
    );
  };
  const server = options.https
    ? https.createServer(selfSignedCertificate(), listener)
    : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `${options.https ? 'https' : 'http'}://127.0.0.1:${port}`;

  return {
    url: base,
    async ssoToken(claims = {}, { forged = false } = {}) {
      const tid = String(claims.tid ?? TENANT_A);
      const oid = String(claims.oid ?? randomUUID());
      const username = String(
        claims.preferred_username ?? `person-${oid.slice(0, 8)}@contoso.test`,
      );
      usernames.set(username, oid);
      return sign(
        {
          aud: CLIENT_ID,
          iss: `${base}/${tid}/v2.0`,
          azp: TEAMS_WEB_CLIENT_ID,
          azpacr: '0',
          name: 'Mai Nguyen',
          oid,
          preferred_username: username,
          scp: 'access_as_user',
          sub: randomUUID(),
          tid,
          uti: randomUUID(),
          ver: '2.0',
          ...claims,
        },
        forged ? forger.privateKey : signing.privateKey,
      );
    },
    requireConsent(objectId) {
      needsConsent.add(objectId);
    },
    setPhoto(objectId, png) {
      photos.set(objectId, png);
    },
    oboCalls: () => oboCount,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
