import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Zoom's server-to-server OAuth (`POST /oauth/token?grant_type=
 * account_credentials&account_id=…`, Basic client credentials), Zoom's user OAuth
 * (`GET /oauth/authorize` — the consent, given at once as `user` — then `POST /oauth/token`
 * with `grant_type=authorization_code` or `refresh_token`, form body or query, Basic user-app
 * credentials; each refresh answers a new refresh token and the old one stops working;
 * `POST /oauth/revoke?token=…` ends the grant) and
 * `POST /v2/users/me/meetings` (bearer token, JSON, 201 with the meeting, on the token's user).
 */
const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

export async function startZoomStandIn(options: {
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** The user-managed OAuth app (authorization code); none: its grants are refused. */
  userClientId?: string;
  userClientSecret?: string;
}) {
  /** Access token → whose it is: the server app's account, or a person who consented. */
  const issued = new Map<string, string>();
  const meetings: (Record<string, unknown> & { owner: string })[] = [];
  const codes = new Map<string, { user: string; redirectUri: string }>();
  /** People whose grant was revoked through `POST /oauth/revoke`, in order. */
  const revoked: string[] = [];
  const refreshTokens = new Map<string, string>();
  const control = {
    /** Who consents on the next authorize (a browser's Zoom sign-in). */
    user: 'zoom-user@example.com',
    /** The next authorize is refused by the person (`error=access_denied`). */
    deny: false,
  };
  const tokenFor = (user: string, expiresIn = 3599) => {
    const access = randomBytes(24).toString('hex');
    const refresh = randomBytes(24).toString('hex');
    issued.set(access, user);
    refreshTokens.set(refresh, user);
    return {
      access_token: access,
      token_type: 'bearer',
      refresh_token: refresh,
      expires_in: expiresIn,
      scope: 'meeting:write:meeting',
    };
  };
  let counter = 85_000_000_000;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = await readBody(request);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/oauth/authorize') {
      const redirect = url.searchParams.get('redirect_uri');
      if (
        !options.userClientId ||
        url.searchParams.get('client_id') !== options.userClientId ||
        url.searchParams.get('response_type') !== 'code' ||
        !redirect
      ) {
        return json(400, { reason: 'Invalid client_id or redirect_uri', error: 'invalid_request' });
      }
      const back = new URL(redirect);
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      if (control.deny) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { user: control.user, redirectUri: redirect });
        back.searchParams.set('code', code);
      }
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    const form = new URLSearchParams(
      request.headers['content-type']?.includes('application/x-www-form-urlencoded') ? text : '',
    );
    const param = (name: string) => form.get(name) ?? url.searchParams.get(name);
    const grant = param('grant_type');
    if (
      request.method === 'POST' &&
      url.pathname === '/oauth/token' &&
      (grant === 'authorization_code' || grant === 'refresh_token')
    ) {
      const basic = Buffer.from(`${options.userClientId}:${options.userClientSecret}`).toString(
        'base64',
      );
      if (!options.userClientId || request.headers.authorization !== `Basic ${basic}`) {
        return json(401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
      }
      if (grant === 'authorization_code') {
        const found = codes.get(param('code') ?? '');
        if (!found || found.redirectUri !== param('redirect_uri')) {
          return json(400, { reason: 'Invalid authorization code', error: 'invalid_request' });
        }
        codes.delete(param('code') ?? '');
        return json(200, tokenFor(found.user));
      }
      const refresh = param('refresh_token') ?? '';
      const user = refreshTokens.get(refresh);
      if (!user) return json(400, { reason: 'Invalid Token!', error: 'invalid_request' });
      refreshTokens.delete(refresh);
      return json(200, tokenFor(user));
    }
    if (request.method === 'POST' && url.pathname === '/oauth/revoke') {
      const basic = Buffer.from(`${options.userClientId}:${options.userClientSecret}`).toString(
        'base64',
      );
      if (!options.userClientId || request.headers.authorization !== `Basic ${basic}`) {
        return json(401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
      }
      const token = url.searchParams.get('token') ?? '';
      const user = refreshTokens.get(token) ?? issued.get(token);
      if (!user) return json(400, { reason: 'Invalid Token!', error: 'invalid_request' });
      // The grant ends: every token of the person stops working.
      for (const [t, owner] of refreshTokens) if (owner === user) refreshTokens.delete(t);
      for (const [t, owner] of issued) if (owner === user) issued.delete(t);
      revoked.push(user);
      return json(200, { status: 'success' });
    }
    if (request.method === 'POST' && url.pathname === '/oauth/token') {
      const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
      if (
        request.headers.authorization !== `Basic ${basic}` ||
        url.searchParams.get('grant_type') !== 'account_credentials' ||
        url.searchParams.get('account_id') !== options.accountId
      ) {
        return json(401, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
      }
      const token = randomBytes(24).toString('hex');
      issued.set(token, `account:${options.accountId}`);
      return json(200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 3599,
        scope: 'meeting:write:admin',
      });
    }
    if (request.method === 'POST' && url.pathname === '/v2/users/me/meetings') {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || !issued.has(bearer)) {
        return json(401, { code: 124, message: 'Invalid access token.' });
      }
      const owner = issued.get(bearer)!;
      const body = JSON.parse(text) as Record<string, unknown>;
      if (
        typeof body.topic !== 'string' ||
        body.type !== 2 ||
        typeof body.start_time !== 'string'
      ) {
        return json(400, { code: 300, message: 'Validation Failed.' });
      }
      counter += 1;
      meetings.push({ ...body, owner });
      return json(201, {
        id: counter,
        topic: body.topic,
        type: 2,
        start_time: body.start_time,
        duration: body.duration,
        join_url: `https://zoom.example/j/${counter}?pwd=abc`,
        start_url: `https://zoom.example/s/${counter}?zak=xyz`,
        password: 'abc123',
      });
    }
    json(404, { code: 404, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    meetings,
    control,
    revoked,
    /** Makes an access token stop working (as when its hour is up on Zoom's side). */
    revoke: (token: string) => issued.delete(token),
    /** Makes every refresh token of a person stop working (as when they removed the app). */
    revokeRefresh: (user: string) => {
      for (const [token, owner] of refreshTokens) if (owner === user) refreshTokens.delete(token);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
