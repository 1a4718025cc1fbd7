import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the two Microsoft endpoints the Teams activity feed uses: the Entra
 * token endpoint (`POST /{tenant}/oauth2/v2.0/token`, client credentials, form-encoded) and
 * Graph's `POST /v1.0/users/{id}/teamwork/sendActivityNotification` (bearer token, JSON
 * body, 204). It checks both the way the real ones do and records what was sent.
 */
export interface ReceivedActivity {
  userId: string;
  body: {
    topic: { source: string; value: string; webUrl?: string };
    activityType: string;
    previewText: { content: string };
    templateParameters: { name: string; value: string }[];
  };
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });

export async function startGraphActivityStandIn(options: {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Activity types the "manifest" declares; others are refused with 400 as Graph does. */
  activityTypes: string[];
}) {
  const issued = new Set<string>();
  const received: ReceivedActivity[] = [];
  const tokenRequests: URLSearchParams[] = [];
  let failNext = 0;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const text = await readBody(request);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && url.pathname === `/${options.tenantId}/oauth2/v2.0/token`) {
      const form = new URLSearchParams(text);
      tokenRequests.push(form);
      if (
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== options.clientId ||
        form.get('client_secret') !== options.clientSecret ||
        form.get('scope') !== 'https://graph.microsoft.com/.default'
      ) {
        return json(401, { error: 'invalid_client' });
      }
      const token = randomBytes(24).toString('hex');
      issued.add(token);
      return json(200, { token_type: 'Bearer', expires_in: 3599, access_token: token });
    }
    const match = /^\/v1\.0\/users\/([^/]+)\/teamwork\/sendActivityNotification$/.exec(
      url.pathname,
    );
    if (request.method === 'POST' && match) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || !issued.has(bearer)) {
        return json(401, { error: { code: 'InvalidAuthenticationToken' } });
      }
      if (failNext > 0) {
        failNext -= 1;
        return json(503, { error: { code: 'ServiceUnavailable' } });
      }
      let body: ReceivedActivity['body'];
      try {
        body = JSON.parse(text) as ReceivedActivity['body'];
      } catch {
        return json(400, { error: { code: 'BadRequest' } });
      }
      const topicOk =
        body.topic?.source === 'text'
          ? typeof body.topic.value === 'string' && typeof body.topic.webUrl === 'string'
          : body.topic?.source === 'entityUrl';
      if (
        !topicOk ||
        !options.activityTypes.includes(body.activityType) ||
        typeof body.previewText?.content !== 'string' ||
        !Array.isArray(body.templateParameters)
      ) {
        return json(400, { error: { code: 'BadRequest', message: 'bad activity' } });
      }
      received.push({ userId: decodeURIComponent(match[1]), body });
      response.writeHead(204);
      return response.end();
    }
    json(404, { error: { code: 'NotFound' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    tokenRequests,
    /** The next n activity posts answer 503 (a retry must deliver once). */
    failNext(n: number) {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
