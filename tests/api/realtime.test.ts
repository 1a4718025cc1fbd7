import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const apps: TestApp[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  for (const t of apps) await t.close();
});

async function startApp(env: Record<string, string> = {}, shareWith?: TestApp) {
  const t = await createTestApp(env, { sharedDatabase: shareWith?.database });
  apps.unshift(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

function open(url: string, token: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/_socket_/socket.io',
    transports: ['websocket'],
    auth: { token },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const register = (socket: Socket, room: string) =>
  socket.emitWithAck('register', room) as Promise<{ ok: boolean }>;

describe('realtime rooms', () => {
  let server: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    server = await startApp();
  });

  it('refuses a connection without a valid token', async () => {
    await expect(open(server.url, 'nonsense')).rejects.toThrow(/unauthorized/);
  });

  it('joins workspace rooms only for members, and delivers what is sent to a room', async () => {
    const { workspace, owner } = await createWorkspace(server.t, { members: { deactive: 1 } });
    const outsider = await server.t.createUser();
    const ownerSocket = await open(server.url, owner.token);
    const outsiderSocket = await open(server.url, outsider.token);

    expect(await register(ownerSocket, `workspace-${workspace.id}`)).toEqual({ ok: true });
    expect(await register(outsiderSocket, `workspace-${workspace.id}`)).toEqual({ ok: false });
    expect(await register(outsiderSocket, `user-${owner.user.id}`)).toEqual({ ok: false });
    expect(await register(outsiderSocket, 'anything-else')).toEqual({ ok: false });

    const received = new Promise((resolve) => ownerSocket.once('task.updated', resolve));
    server.t.app.deps.realtime.toWorkspace(workspace.id, 'task.updated', { id: 7 });
    expect(await received).toEqual({ id: 7 });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('several API processes sharing Redis', () => {
  it('delivers an event sent by one process to a client of another', async () => {
    const redis = { REDIS_URL: process.env.TEST_REDIS_URL as string };
    const first = await startApp(redis);
    const second = await startApp(redis, first.t);
    const { user, token } = await first.t.createUser();
    const socket = await open(second.url, token);
    const received = new Promise((resolve) => socket.once('notification', resolve));
    first.t.app.deps.realtime.toUser(user.id, 'notification', { text: 'hello' });
    expect(await received).toEqual({ text: 'hello' });
  });
});
