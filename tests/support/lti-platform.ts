import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
} from 'jose';

/**
 * A local LTI 1.3 platform stand-in (a tiny Moodle/Canvas): it publishes a JWKS, answers the
 * OIDC authentication request with a signed id_token posted to the tool, serves AGS line items
 * and scores and the NRPS roster behind an OAuth 2 client-credentials token endpoint that
 * checks the tool's signed client assertion, accepts deep-linking responses, and runs LTI
 * Dynamic Registration. Claims follow 1EdTech LTI Core 1.3, DL 2.0, AGS 2.0, NRPS 2.0.
 */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  ta: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  mentor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor',
};

export interface PlatformUser {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  roles: string[];
}

interface Key {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function newKey(): Promise<Key> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => resolve(data));
  });
}

function send(response: ServerResponse, status: number, body: unknown, type = 'application/json') {
  response.writeHead(status, { 'content-type': type });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export interface LaunchOverrides {
  /** Claims to change or add (undefined removes one). */
  claims?: Record<string, unknown>;
  /** Sign with a key the JWKS does not publish. */
  unpublishedKey?: boolean;
  /** Seconds to shift iat/exp by (negative: in the past). */
  shiftSeconds?: number;
}

export async function startLtiPlatform(options: {
  clientId?: string;
  /** The issuer its id_tokens name (default: its own URL), e.g. another platform's. */
  issuer?: string;
  deploymentId?: string;
  /** How the stand-in reads the tool's public keys (its JWKS URL, or the in-process app). */
  toolJwks: () => Promise<JSONWebKeySet>;
  /** Where the tool's launch (redirect) URL and login initiation URL are. */
  toolLaunchUrl: string;
  toolLoginUrl: string;
}) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = options.clientId ?? 'teamloop-client';
  const issuer = options.issuer ?? url;
  const deploymentId = options.deploymentId ?? 'deployment-1';
  let published: Key[] = [await newKey()];
  const hidden = await newKey();
  const users = new Map<string, PlatformUser>();
  const course = { id: 'course-101', label: 'CS101', title: 'Intro to Computing' };
  const state = {
    jwksFetches: 0,
    tokenRequests: [] as { scope: string }[],
    lineItems: [] as { id: string; label: string; resourceId?: string; scoreMaximum: number }[],
    scores: [] as { lineItem: string; body: Record<string, unknown> }[],
    deepLinks: [] as Record<string, unknown>[],
    registrations: [] as Record<string, unknown>[],
    /** Fails the next N score posts with 503 (to prove retries). */
    failScores: 0,
    /** How long the roster (NRPS) takes to answer, to watch a reading in progress. */
    rosterDelayMs: 0,
    /** Fails the next N roster reads with 503 (to prove retries). */
    failRoster: 0,
    next: {} as LaunchOverrides,
  };
  const accessTokens = new Set<string>();
  const registrationToken = 'reg-token-' + randomUUID();

  async function idToken(user: PlatformUser, nonce: string, overrides: LaunchOverrides = {}) {
    const now = Math.floor(Date.now() / 1000) + (overrides.shiftSeconds ?? 0);
    const claims: Record<string, unknown> = {
      sub: user.sub,
      email: user.email,
      given_name: user.given_name,
      family_name: user.family_name,
      name: [user.given_name, user.family_name].filter(Boolean).join(' '),
      nonce,
      [`${LTI}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: deploymentId,
      [`${LTI}target_link_uri`]: options.toolLaunchUrl,
      [`${LTI}resource_link`]: { id: 'link-1', title: 'Teamloop' },
      [`${LTI}roles`]: user.roles,
      [`${LTI}context`]: {
        ...course,
        type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
      },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        ],
        lineitems: `${url}/courses/${course.id}/lineitems`,
      },
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: `${url}/courses/${course.id}/memberships`,
        service_versions: ['2.0'],
      },
    };
    for (const [k, v] of Object.entries(overrides.claims ?? {})) {
      if (v === undefined) delete claims[k];
      else claims[k] = v;
    }
    const key = overrides.unpublishedKey ? hidden : published[0];
    const aud = (overrides.claims?.aud as string | string[] | undefined) ?? clientId;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(aud)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(key.privateKey);
  }

  /** The OIDC authentication request as the platform checks it, answered with the id_token. */
  async function authenticate(authUrl: string, overrides: LaunchOverrides = state.next) {
    const q = new URL(authUrl).searchParams;
    const problems = [];
    if (q.get('scope') !== 'openid') problems.push('scope');
    if (q.get('response_type') !== 'id_token') problems.push('response_type');
    if (q.get('response_mode') !== 'form_post') problems.push('response_mode');
    if (q.get('prompt') !== 'none') problems.push('prompt');
    if (q.get('client_id') !== clientId) problems.push('client_id');
    if (q.get('redirect_uri') !== options.toolLaunchUrl) problems.push('redirect_uri');
    if (!q.get('nonce') || !q.get('state')) problems.push('nonce/state');
    const user = users.get(q.get('login_hint') ?? '');
    if (!user) problems.push('login_hint');
    if (problems.length) throw new Error(`bad authentication request: ${problems.join(', ')}`);
    return {
      id_token: await idToken(user!, q.get('nonce')!, overrides),
      state: q.get('state')!,
      redirect_uri: q.get('redirect_uri')!,
    };
  }

  async function checkBearer(request: IncomingMessage) {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    return accessTokens.has(token);
  }

  async function verifyFromTool(jwt: string, audience: string) {
    const jwks = createLocalJWKSet(await options.toolJwks());
    return (await jwtVerify(jwt, jwks, { audience, issuer: clientId })).payload;
  }

  server.on('request', async (request, response) => {
    try {
      const here = new URL(request.url ?? '/', url);
      const path = here.pathname;
      if (path === '/jwks') {
        state.jwksFetches += 1;
        return send(response, 200, { keys: published.map((k) => k.publicJwk) });
      }
      if (path === '/auth') {
        const answer = await authenticate(here.toString());
        const fields = `<input type="hidden" name="id_token" value="${answer.id_token}"><input type="hidden" name="state" value="${answer.state}">`;
        return send(
          response,
          200,
          `<!doctype html><form method="post" action="${answer.redirect_uri}">${fields}<button>Continue</button></form><script>document.forms[0].submit()</script>`,
          'text/html',
        );
      }
      if (path === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        if (
          form.get('grant_type') !== 'client_credentials' ||
          form.get('client_assertion_type') !==
            'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
        ) {
          return send(response, 400, { error: 'unsupported_grant_type' });
        }
        try {
          const claims = await verifyFromTool(form.get('client_assertion') ?? '', `${url}/token`);
          if (claims.sub !== clientId || !claims.jti || !claims.exp) throw new Error('claims');
        } catch {
          return send(response, 401, { error: 'invalid_client' });
        }
        const token = randomUUID();
        accessTokens.add(token);
        state.tokenRequests.push({ scope: form.get('scope') ?? '' });
        return send(response, 200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 3600,
          scope: form.get('scope'),
        });
      }
      const lineItems = /^\/courses\/([^/]+)\/lineitems$/.exec(path);
      if (lineItems) {
        if (!(await checkBearer(request))) return send(response, 401, { error: 'unauthorized' });
        if (request.method === 'GET') {
          if (request.headers.accept !== 'application/vnd.ims.lis.v2.lineitemcontainer+json') {
            return send(response, 406, {});
          }
          const wanted = here.searchParams.get('resource_id');
          return send(
            response,
            200,
            state.lineItems.filter((i) => !wanted || i.resourceId === wanted),
            'application/vnd.ims.lis.v2.lineitemcontainer+json',
          );
        }
        if (request.headers['content-type'] !== 'application/vnd.ims.lis.v2.lineitem+json') {
          return send(response, 415, {});
        }
        const body = JSON.parse(await readBody(request));
        const item = { ...body, id: `${url}${path}/${state.lineItems.length + 1}` };
        state.lineItems.push(item);
        return send(response, 201, item, 'application/vnd.ims.lis.v2.lineitem+json');
      }
      const scores = /^\/courses\/[^/]+\/lineitems\/(\d+)\/scores$/.exec(path);
      if (scores && request.method === 'POST') {
        if (!(await checkBearer(request))) return send(response, 401, { error: 'unauthorized' });
        if (request.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') {
          return send(response, 415, {});
        }
        if (state.failScores > 0) {
          state.failScores -= 1;
          return send(response, 503, { error: 'busy' });
        }
        const body = JSON.parse(await readBody(request));
        state.scores.push({ lineItem: `${url}${path.replace(/\/scores$/, '')}`, body });
        return send(response, 204, '');
      }
      if (/^\/courses\/[^/]+\/memberships$/.test(path)) {
        if (!(await checkBearer(request))) return send(response, 401, { error: 'unauthorized' });
        if (request.headers.accept !== 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json') {
          return send(response, 406, {});
        }
        if (state.failRoster > 0) {
          state.failRoster -= 1;
          return send(response, 503, { error: 'busy' });
        }
        if (state.rosterDelayMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, state.rosterDelayMs));
        }
        return send(
          response,
          200,
          {
            id: `${url}${path}`,
            context: course,
            members: [...users.values()].map((u) => ({
              status: 'Active',
              user_id: u.sub,
              email: u.email,
              given_name: u.given_name,
              family_name: u.family_name,
              name: [u.given_name, u.family_name].filter(Boolean).join(' '),
              roles: u.roles,
            })),
          },
          'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
        );
      }
      if (path === '/deep-link-return' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        try {
          const claims = await verifyFromTool(form.get('JWT') ?? '', url);
          if (claims[`${LTI}message_type`] !== 'LtiDeepLinkingResponse') throw new Error('type');
          if (claims[`${LTI}deployment_id`] !== deploymentId) throw new Error('deployment');
          state.deepLinks.push(claims);
          return send(
            response,
            200,
            '<!doctype html><p id="placed">Content placed</p>',
            'text/html',
          );
        } catch (error) {
          return send(response, 400, { error: (error as Error).message });
        }
      }
      if (path === '/.well-known/openid-configuration') {
        return send(response, 200, {
          issuer: url,
          authorization_endpoint: `${url}/auth`,
          token_endpoint: `${url}/token`,
          jwks_uri: `${url}/jwks`,
          registration_endpoint: `${url}/register`,
          scopes_supported: ['openid'],
          response_types_supported: ['id_token'],
          id_token_signing_alg_values_supported: ['RS256'],
          'https://purl.imsglobal.org/spec/lti-platform-configuration': {
            product_family_code: 'standin',
            version: '1.0',
            messages_supported: [
              { type: 'LtiResourceLinkRequest' },
              { type: 'LtiDeepLinkingRequest' },
            ],
          },
        });
      }
      if (path === '/register' && request.method === 'POST') {
        if (request.headers.authorization !== `Bearer ${registrationToken}`) {
          return send(response, 401, { error: 'invalid_token' });
        }
        const body = JSON.parse(await readBody(request));
        const tool = body['https://purl.imsglobal.org/spec/lti-tool-configuration'];
        if (
          body.token_endpoint_auth_method !== 'private_key_jwt' ||
          !Array.isArray(body.redirect_uris) ||
          !body.initiate_login_uri ||
          !body.jwks_uri ||
          !tool?.domain
        ) {
          return send(response, 400, { error: 'invalid_client_metadata' });
        }
        state.registrations.push(body);
        return send(response, 200, {
          ...body,
          client_id: `registered-${state.registrations.length}`,
          'https://purl.imsglobal.org/spec/lti-tool-configuration': {
            ...tool,
            deployment_id: `registered-deployment-${state.registrations.length}`,
          },
        });
      }
      if (path === '/course') {
        // The course page: Teamloop in an iframe, started by OIDC login initiation.
        const login = new URL(options.toolLoginUrl);
        login.searchParams.set('iss', issuer);
        login.searchParams.set('login_hint', here.searchParams.get('user') ?? '');
        login.searchParams.set('target_link_uri', options.toolLaunchUrl);
        login.searchParams.set('client_id', clientId);
        login.searchParams.set('lti_deployment_id', deploymentId);
        return send(
          response,
          200,
          `<!doctype html><title>CS101</title><h1>Intro to Computing</h1><iframe id="tool" title="Teamloop" src="${login.toString().replace(/&/g, '&amp;')}" style="width:100%;height:90vh;border:0"></iframe>`,
          'text/html',
        );
      }
      send(response, 404, { error: 'not_found' });
    } catch (error) {
      send(response, 500, { error: (error as Error).message });
    }
  });

  return {
    url,
    issuer,
    clientId,
    deploymentId,
    registrationToken,
    state,
    course,
    addUser(user: PlatformUser) {
      users.set(user.sub, user);
      return user;
    },
    idToken,
    authenticate,
    /** New platform keys: the old ones leave the JWKS. */
    async rotateKeys() {
      published = [await newKey()];
    },
    /** The plugin body that registers this platform with the tool. */
    pluginBody(extra: Record<string, unknown> = {}) {
      return {
        name: 'Stand-in LMS',
        issuer,
        client_id: clientId,
        deployment_ids: [deploymentId],
        auth_login_url: `${url}/auth`,
        access_token_url: `${url}/token`,
        jwks_url: `${url}/jwks`,
        ...extra,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LtiPlatform = Awaited<ReturnType<typeof startLtiPlatform>>;
