import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

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

function open(url: string, token: string, since?: number): Promise<Socket> {
  const socket = connect(url, {
    path: '/_socket_/socket.io',
    transports: ['websocket'],
    auth: since === undefined ? { token } : { token, since },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

/** A page's first connection: its socket and what the server says of its own room. */
async function openSince(url: string, token: string, since: number) {
  let socket: Socket | undefined;
  const catchUp = new Promise<{ missed: boolean }>((resolve, reject) => {
    socket = connect(url, {
      path: '/_socket_/socket.io',
      transports: ['websocket'],
      auth: { token, since },
    });
    sockets.push(socket);
    socket.once('catch-up', resolve);
    socket.on('connect_error', reject);
  });
  return { socket: socket!, catchUp: await catchUp };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const register = (socket: Socket, room: string) =>
  socket.emitWithAck('register', room) as Promise<{ ok: boolean }>;

const next = (socket: Socket, event: string) =>
  new Promise((resolve) => socket.once(event, resolve));

/** Whether `event` arrives within a short wait (for what must NOT arrive). */
function arrives(socket: Socket, event: string, waitMs = 300) {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, seen);
      resolve(false);
    }, waitMs);
    const seen = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once(event, seen);
  });
}

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

  it('leaves a workspace room on unregister, but never its own user room', async () => {
    const { workspace, owner } = await createWorkspace(server.t);
    const socket = await open(server.url, owner.token);
    expect(await register(socket, `workspace-${workspace.id}`)).toEqual({ ok: true });
    socket.emit('unregister', `workspace-${workspace.id}`);
    socket.emit('unregister', `user-${owner.user.id}`);
    // Events of one socket arrive in order: once this ack is back, both were handled.
    expect(await register(socket, 'anything-else')).toEqual({ ok: false });
    const fromWorkspace = arrives(socket, 'task-changed');
    const fromOwnRoom = next(socket, 'membership-changed');
    server.t.app.deps.realtime.toWorkspace(workspace.id, 'task-changed', { id: 1 });
    server.t.app.deps.realtime.toUser(owner.user.id, 'membership-changed', { id: 2 });
    expect(await fromOwnRoom).toEqual({ id: 2 });
    expect(await fromWorkspace).toBe(false);
  });
});

describe('membership changes reach the rooms', () => {
  let server: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    server = await startApp();
  });

  const changeRole = (workspaceId: number, userId: number, token: string, role: unknown) =>
    server.t.app.inject({
      method: 'PUT',
      url: `/api/v2/core/workspaces/${workspaceId}/users/${userId}/change-role`,
      headers: bearer(token),
      payload: { role },
    });

  it('tells the workspace room and the person when a role changes, naming no one', async () => {
    const { workspace, owner, people } = await createWorkspace(server.t, {
      members: { member: 2 },
    });
    const [changed, bystander] = people.member;
    const outsider = await server.t.createUser();
    const ownerSocket = await open(server.url, owner.token);
    const bystanderSocket = await open(server.url, bystander.token);
    const changedSocket = await open(server.url, changed.token);
    const outsiderSocket = await open(server.url, outsider.token);
    expect(await register(ownerSocket, `workspace-${workspace.id}`)).toEqual({ ok: true });
    expect(await register(bystanderSocket, `workspace-${workspace.id}`)).toEqual({ ok: true });
    expect(await register(outsiderSocket, `workspace-${workspace.id}`)).toEqual({ ok: false });

    const toOwner = next(ownerSocket, 'member-changed');
    const toBystander = next(bystanderSocket, 'member-changed');
    const toChanged = next(changedSocket, 'membership-changed');
    const toOutsider = arrives(outsiderSocket, 'member-changed');
    const response = await changeRole(workspace.id, changed.user.id, owner.token, 'admin');
    expect(response.statusCode).toBe(200);
    const payload = { workspace_id: workspace.id, kind: 'role_changed' };
    expect(await toOwner).toEqual(payload);
    expect(await toBystander).toEqual(payload);
    expect(await toChanged).toEqual(payload);
    expect(await toOutsider).toBe(false);
  });

  it('announces nothing when a change is refused or changes nothing', async () => {
    const { workspace, owner, people } = await createWorkspace(server.t, {
      members: { member: 2 },
    });
    const [target, other] = people.member;
    const ownerSocket = await open(server.url, owner.token);
    expect(await register(ownerSocket, `workspace-${workspace.id}`)).toEqual({ ok: true });
    const announced = arrives(ownerSocket, 'member-changed', 500);
    // A member may not change roles (403); a role that is not one is bad input (422).
    expect((await changeRole(workspace.id, target.user.id, other.token, 'admin')).statusCode).toBe(
      403,
    );
    expect((await changeRole(workspace.id, target.user.id, owner.token, 'king')).statusCode).toBe(
      422,
    );
    expect((await changeRole(workspace.id, target.user.id, owner.token, 'member')).statusCode).toBe(
      200,
    );
    expect(await announced).toBe(false);
  });

  it('takes a removed member out of the room, and tells them', async () => {
    const { workspace, owner, people } = await createWorkspace(server.t, {
      members: { member: 1 },
    });
    const [removed] = people.member;
    const removedSocket = await open(server.url, removed.token);
    expect(await register(removedSocket, `workspace-${workspace.id}`)).toEqual({ ok: true });
    const toRemoved = next(removedSocket, 'membership-changed');
    const response = await server.t.app.inject({
      method: 'DELETE',
      url: `/api/v2/core/workspaces/${workspace.id}/users/${removed.user.id}`,
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    expect(await toRemoved).toEqual({ workspace_id: workspace.id, kind: 'removed' });
    const later = arrives(removedSocket, 'task-changed');
    server.t.app.deps.realtime.toWorkspace(workspace.id, 'task-changed', { id: 1 });
    expect(await later).toBe(false);
    expect(await register(removedSocket, `workspace-${workspace.id}`)).toEqual({ ok: false });
  });

  it('tells the workspace room when someone joins through the invite link', async () => {
    const { workspace, owner } = await createWorkspace(server.t);
    const newcomer = await server.t.createUser();
    const ownerSocket = await open(server.url, owner.token);
    const newcomerSocket = await open(server.url, newcomer.token);
    expect(await register(ownerSocket, `workspace-${workspace.id}`)).toEqual({ ok: true });
    const toOwner = next(ownerSocket, 'member-changed');
    const toNewcomer = next(newcomerSocket, 'membership-changed');
    const response = await server.t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/join-to-workspace',
      headers: bearer(newcomer.token),
      payload: { token: workspace.inviteCode },
    });
    expect(response.statusCode).toBe(200);
    const payload = { workspace_id: workspace.id, kind: 'added' };
    expect(await toOwner).toEqual(payload);
    expect(await toNewcomer).toEqual(payload);
  });
});

describe("a page's first connection: refetch only what may have changed", () => {
  let server: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    server = await startApp();
    // `since` earlier than the process (minus the allowed skew) is always "missed".
    await pause(2_100);
  });

  it('says nothing was missed when no room had events since the page started', async () => {
    const { workspace, owner } = await createWorkspace(server.t);
    const { socket, catchUp } = await openSince(server.url, owner.token, Date.now());
    expect(catchUp).toEqual({ missed: false });
    expect(
      await socket.emitWithAck('register', `workspace-${workspace.id}`, { since: Date.now() }),
    ).toEqual({ ok: true, missed: false });
  });

  it('says what was missed: an event to the person or to the workspace since then', async () => {
    const { workspace, owner } = await createWorkspace(server.t);
    const since = Date.now();
    server.t.app.deps.realtime.toUser(owner.user.id, 'notifications-changed', {});
    server.t.app.deps.realtime.toWorkspace(workspace.id, 'member-changed', {});
    const { socket, catchUp } = await openSince(server.url, owner.token, since);
    expect(catchUp).toEqual({ missed: true });
    expect(await socket.emitWithAck('register', `workspace-${workspace.id}`, { since })).toEqual({
      ok: true,
      missed: true,
    });
  });

  it('says missed when it cannot know: a time before the process started, or none at all', async () => {
    const { workspace, owner } = await createWorkspace(server.t);
    const { socket, catchUp } = await openSince(server.url, owner.token, Date.now() - 3_600_000);
    expect(catchUp).toEqual({ missed: true });
    // Without a `since` (a reconnection) nothing is said: the client refetches anyway.
    expect(await register(socket, `workspace-${workspace.id}`)).toEqual({ ok: true });
    const plain = await open(server.url, owner.token);
    expect(await arrives(plain, 'catch-up')).toBe(false);
  });

  it('refuses a room it would not let join, whatever the since', async () => {
    const { workspace } = await createWorkspace(server.t);
    const outsider = await server.t.createUser();
    const { socket } = await openSince(server.url, outsider.token, Date.now());
    expect(
      await socket.emitWithAck('register', `workspace-${workspace.id}`, { since: Date.now() }),
    ).toEqual({ ok: false });
    expect(
      await socket.emitWithAck('register', `workspace-${workspace.id}`, { since: 'x' }),
    ).toEqual({ ok: false });
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

  it("counts another process's events when a page's first connection asks what it missed", async () => {
    const redis = { REDIS_URL: process.env.TEST_REDIS_URL as string };
    const first = await startApp(redis);
    const second = await startApp(redis, first.t);
    await pause(2_100);
    const { user, token } = await first.t.createUser();
    const since = Date.now();
    const heard = open(second.url, token);
    const socket = await heard;
    const received = new Promise((resolve) => socket.once('notification', resolve));
    first.t.app.deps.realtime.toUser(user.id, 'notification', { text: 'hello' });
    await received;
    const again = await openSince(second.url, token, since);
    expect(again.catchUp).toEqual({ missed: true });
  });
});
