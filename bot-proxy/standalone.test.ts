import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import type { DatabaseHandle } from '@server/db/client';
import type { App } from '@server/http/types';
import { openTestDatabase } from '../tests/support/database';
import { rowCounts } from '../tests/support/row-counts';
import { CLIENT_ID, startEntraStandIn, type EntraStandIn } from '../tests/teams-host/entra';
import { buildStandaloneBotProxy } from './standalone';

/** An API that says what it received, and echoes whatever comes through an upgrade. */
function startFakeApi() {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  server.on('upgrade', (request, socket) => {
    seen.push(`UPGRADE ${request.url}`);
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    );
    socket.pipe(socket);
  });
  return { server, seen };
}

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

let api: ReturnType<typeof startFakeApi>;
let entra: EntraStandIn;
let database: DatabaseHandle;
let proxy: App;
let base: string;

beforeAll(async () => {
  api = startFakeApi();
  const apiPort = await listen(api.server);
  entra = await startEntraStandIn();
  database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'teamloop-bot-proxy-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    M365_CLIENT_ID: CLIENT_ID,
    M365_AUTHORITY_HOST: entra.url,
    LOG_LEVEL: 'silent',
  });
  proxy = await buildStandaloneBotProxy({
    config,
    apiUrl: new URL(`http://127.0.0.1:${apiPort}`),
    database,
    logger: false,
  });
  await proxy.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
}, 60_000); // a fresh database runs every migration
afterAll(async () => {
  await proxy.close();
  await database.close();
  await entra.close();
  await new Promise((resolve) => api.server.close(resolve));
});

describe('standalone bot-proxy', () => {
  it('answers the Teams exchange itself, against the shared database', async () => {
    const response = await fetch(`${base}/auth/teams/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: await entra.ssoToken({ preferred_username: 'hoa@contoso.test' }),
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-token')).toBeTruthy();
    expect((await response.json()).resource.user.email).toBe('hoa@contoso.test');
    expect(api.seen.some((line) => line.includes('/auth/teams'))).toBe(false);
  });

  it('refuses a forged token with 401 and writes nothing', async () => {
    const before = await rowCounts(database.db);
    const response = await fetch(`${base}/auth/teams/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: await entra.ssoToken({}, { forged: true }) }),
    });
    expect(response.status).toBe(401);
    expect(await rowCounts(database.db)).toEqual(before);
  });

  it('forwards API calls with their body and the X-Forwarded headers', async () => {
    const response = await fetch(`${base}/api/v2/core/user?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer abc' },
      body: JSON.stringify({ hello: 'world' }),
    });
    expect(response.status).toBe(200);
    const echoed = await response.json();
    expect(echoed).toMatchObject({
      method: 'POST',
      url: '/api/v2/core/user?x=1',
      body: '{"hello":"world"}',
      headers: {
        authorization: 'Bearer abc',
        'x-forwarded-for': '127.0.0.1',
        'x-forwarded-proto': 'http',
      },
    });
    expect(echoed.headers['x-forwarded-host']).toBe(new URL(base).host);
  });

  it('forwards the socket.io websocket upgrade and pipes both ways', async () => {
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.write(
      'GET /_socket_/socket.io/?EIO=4&transport=websocket HTTP/1.1\r\n' +
        `Host: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`,
    );
    await expect
      .poll(() => Buffer.concat(received).toString())
      .toContain('101 Switching Protocols');
    socket.write('ping through the proxy');
    await expect.poll(() => Buffer.concat(received).toString()).toContain('ping through the proxy');
    socket.destroy();
    expect(api.seen).toContain('UPGRADE /_socket_/socket.io/?EIO=4&transport=websocket');
  });

  it('answers 502 with a message when the API cannot be reached', async () => {
    const dead = await buildStandaloneBotProxy({
      config: proxy.deps.config,
      apiUrl: new URL('http://127.0.0.1:1'),
      database,
      logger: false,
    });
    await dead.listen({ port: 0, host: '127.0.0.1' });
    const port = (dead.server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/api/v2/health`, {
      headers: { 'accept-language': 'vi' },
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      code: 'bad_gateway',
      messages: ['Hiện không kết nối được tới Teamloop. Vui lòng thử lại sau giây lát.'],
    });
    await dead.close();
  });
});
