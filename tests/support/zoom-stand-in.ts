import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Zoom's server-to-server OAuth (`POST /oauth/token?grant_type=
 * account_credentials&account_id=…`, Basic client credentials) and
 * `POST /v2/users/me/meetings` (bearer token, JSON, 201 with the meeting).
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
}) {
  const issued = new Set<string>();
  const meetings: Record<string, unknown>[] = [];
  let counter = 85_000_000_000;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = await readBody(request);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
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
      issued.add(token);
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
      const body = JSON.parse(text) as Record<string, unknown>;
      if (
        typeof body.topic !== 'string' ||
        body.type !== 2 ||
        typeof body.start_time !== 'string'
      ) {
        return json(400, { code: 300, message: 'Validation Failed.' });
      }
      counter += 1;
      meetings.push(body);
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
