import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';

/**
 * A small reverse proxy for the standalone bot-proxy: plain requests and websocket upgrades
 * (socket.io) go on to the API unchanged, with the usual X-Forwarded-* headers so the API,
 * which trusts its proxy, still sees the caller's address and scheme.
 */

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.includes(name) && !named.includes(name)) kept[name] = value;
  }
  return kept;
}

function upstreamRequest(target: URL, request: IncomingMessage, headers: IncomingHttpHeaders) {
  const client = target.protocol === 'https:' ? https : http;
  const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
    .filter(Boolean)
    .join(', ');
  return client.request({
    protocol: target.protocol,
    hostname: target.hostname,
    port: target.port,
    method: request.method,
    path: `${target.pathname.replace(/\/+$/, '')}${request.url ?? '/'}`,
    headers: {
      ...headers,
      host: target.host,
      'x-forwarded-for': forwardedFor,
      'x-forwarded-proto':
        request.headers['x-forwarded-proto'] ??
        ((request.socket as TLSSocket).encrypted ? 'https' : 'http'),
      'x-forwarded-host': request.headers['x-forwarded-host'] ?? request.headers.host,
    },
  });
}

/** Sends the request on to the target and its answer back; `unreachable` answers a failure. */
export function forwardRequest(
  target: URL,
  request: IncomingMessage,
  response: ServerResponse,
  unreachable: (request: IncomingMessage, response: ServerResponse, error: Error) => void,
) {
  const upstream = upstreamRequest(target, request, withoutHopByHop(request.headers));
  upstream.on('response', (answer) => {
    response.writeHead(
      answer.statusCode ?? 502,
      answer.statusMessage,
      withoutHopByHop(answer.headers),
    );
    answer.pipe(response);
  });
  upstream.on('error', (error) => {
    if (response.headersSent) response.destroy(error);
    else unreachable(request, response, error);
  });
  response.on('close', () => upstream.destroy());
  request.pipe(upstream);
}

function statusLine(answer: IncomingMessage) {
  const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage ?? ''}`];
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Forwards an HTTP upgrade (a websocket) and then pipes the two sockets together. */
export function forwardUpgrade(
  target: URL,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
) {
  const headers = {
    ...withoutHopByHop(request.headers),
    connection: 'Upgrade',
    upgrade: request.headers.upgrade,
  };
  const upstream = upstreamRequest(target, request, headers);
  upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
    socket.write(statusLine(answer));
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstreamSocket.write(head);
    upstreamSocket.on('error', () => socket.destroy());
    upstreamSocket.pipe(socket).pipe(upstreamSocket);
  });
  // The API said no to the upgrade: pass its answer on and hang up.
  upstream.on('response', (answer) => {
    socket.write(statusLine(answer));
    answer.pipe(socket);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
  upstream.end();
}
