import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SEND_REQUEST } from '@contracts/constants';
import { sessions, users } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { linkIn } from '../support/smtp';
import { bearer, createSecondApp, createTestApp, type TestApp } from '../support/test-app';

/**
 * A socket lives no longer than its session (issue 27): sign-out, a password change or reset,
 * deactivation and deletion close the person's sockets on every process, and every room join
 * reads the session again, so a socket that outlived its session joins and hears nothing.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function redisAnswers() {
  const redis = new Redis(REDIS_URL, {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const hasRedis = await redisAnswers();

type Person = Awaited<ReturnType<TestApp['createUser']>>;

async function listen(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function open(url: string, token: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/_socket_/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
  });
  cleanups.push(() => socket.disconnect());
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const register = (socket: Socket, room: string) =>
  socket.emitWithAck('register', room) as Promise<{ ok: boolean }>;

/** Why the server closed the socket, once it did. */
const closing = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

/** Every payload of these events on a socket, in order. */
function collect(socket: Socket, events: string[]) {
  const seen: string[] = [];
  for (const event of events) socket.on(event, () => seen.push(event));
  return seen;
}

async function until(check: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function call(t: TestApp, token: string | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url: `/api/v2/${url}`,
    headers: token ? bearer(token) : {},
    payload,
  });
}

/** A second session of the person, as another device signs in. */
async function signInAgain(t: TestApp, person: Person) {
  const login = await call(t, null, 'POST', 'core/join/login', {
    email: person.user.email,
    password: person.password,
  });
  expect(login.statusCode).toBe(200);
  return login.headers['access-token'] as string;
}

/** The session id a token carries (its `jti`), as anyone holding the token can read it. */
const sessionOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;

interface Ending {
  name: string;
  /** Whose sockets close: the session that acted, the person's other sessions, or all. */
  closes: 'this session' | 'other sessions' | 'every session';
  run(t: TestApp, person: Person): Promise<{ statusCode: number }>;
}

const NEW_PASSWORD = 'a brand new secret';
const endings: Ending[] = [
  {
    name: 'sign-out',
    closes: 'this session',
    run: (t, person) => call(t, person.token, 'POST', 'core/join/logout'),
  },
  {
    name: 'password change',
    closes: 'other sessions',
    run: (t, person) =>
      call(t, person.token, 'PATCH', 'core/user/security', {
        current_password: person.password,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      }),
  },
  {
    name: 'password reset',
    closes: 'every session',
    run: async (t, person) => {
      const { email } = person.user;
      await call(t, null, 'POST', 'core/join/forget-password', { email });
      const mail = await t.smtp.waitFor(email);
      const token = linkIn(mail, '/password/reset').searchParams.get('token');
      return call(t, null, 'POST', 'core/join/reset-password', { token, password: NEW_PASSWORD });
    },
  },
  {
    name: 'deactivation',
    closes: 'every session',
    run: (t, person) => call(t, person.token, 'PUT', 'core/user/deactivate'),
  },
  {
    name: 'deletion',
    closes: 'every session',
    run: (t, person) => call(t, person.token, 'DELETE', 'core/user', { password: person.password }),
  },
];

/**
 * The person has two sessions (this device, another one), each with a socket in a chat room and
 * a workspace room on `host`; the chat's owner watches the same rooms there. The ending goes
 * through `acting`. Closed sockets get nothing more, cannot come back, and the watcher, on the
 * same process, shows what they would have got.
 */
async function endAndWatch(acting: TestApp, host: TestApp, hostUrl: string, ending: Ending) {
  const { workspace, owner, people } = await createWorkspace(acting, { members: { member: 1 } });
  const person = people.member[0];
  const otherToken = await signInAgain(acting, person);
  const chat = (
    await call(acting, owner.token, 'POST', 'messaging/chats/group-chat', {
      name: ending.name,
      user_ids: [person.user.id],
    })
  ).json().resource.chat;
  const rooms = [`chat-${chat.id}`, `workspace-${workspace.id}`];
  const [mine, other, watcher] = await Promise.all([
    open(hostUrl, person.token),
    open(hostUrl, otherToken),
    open(hostUrl, owner.token),
  ]);
  for (const socket of [mine, other, watcher]) {
    for (const room of rooms) expect(await register(socket, room)).toEqual({ ok: true });
  }
  const shouldClose = {
    'this session': [mine],
    'other sessions': [other],
    'every session': [mine, other],
  }[ending.closes];
  const staying = [mine, other].filter((socket) => !shouldClose.includes(socket));
  const reasons = shouldClose.map(closing);

  expect((await ending.run(acting, person)).statusCode).toBe(200);
  expect(await Promise.all(reasons)).toEqual(shouldClose.map(() => 'io server disconnect'));

  // Typing, a message and a task change still flow: to the watcher and to sockets kept open.
  const events = ['chat-typing', 'chat-message', 'task-changed'];
  const heard = new Map([mine, other, watcher].map((s) => [s, collect(s, events)]));
  await call(acting, owner.token, 'POST', `messaging/chats/${chat.id}/typing`, {});
  await call(acting, owner.token, 'POST', 'messaging/messages', {
    chat_id: chat.id,
    text: `after ${ending.name}`,
  });
  acting.app.deps.realtime.toWorkspace(workspace.id, 'task-changed', { id: 1 });
  for (const socket of [watcher, ...staying]) {
    const got = heard.get(socket)!;
    await until(() => events.every((e) => got.includes(e)), `events after ${ending.name}`);
  }
  for (const socket of shouldClose) {
    expect(socket.connected).toBe(false);
    expect(heard.get(socket)).toEqual([]);
  }
  for (const socket of staying) {
    for (const room of rooms) expect(await register(socket, room)).toEqual({ ok: true });
  }
  // A closed socket's session is over: it cannot connect again to join anything.
  const closedTokens = shouldClose.map((socket) => (socket === mine ? person.token : otherToken));
  for (const token of closedTokens) {
    await expect(open(hostUrl, token)).rejects.toThrow(/unauthorized/);
  }
}

describe('one API process', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    cleanups.push(() => t.close());
    url = await listen(t);
  });

  for (const ending of endings) {
    it(`${ending.name} closes the sockets of ${ending.closes}`, () =>
      endAndWatch(t, t, url, ending));
  }

  it('a socket cannot leave its own rooms to outlive its session', async () => {
    const person = await t.createUser();
    const socket = await open(url, person.token);
    socket.emit('unregister', `session-${sessionOf(person.token)}`);
    socket.emit('unregister', `user-${person.user.id}`);
    // Events of one socket are handled in order: once this ack is back, both were.
    expect(await register(socket, `user-${person.user.id}`)).toEqual({ ok: true });
    const closed = closing(socket);
    expect((await call(t, person.token, 'POST', 'core/join/logout')).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  describe('every join reads the session again', () => {
    const endedSession = async (person: Person) =>
      t.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, sessionOf(person.token)));
    const deactivatedAccount = async (person: Person) =>
      t.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, person.user.id));

    // As if the close never reached this process: the session ends in the database alone.
    for (const [what, end] of [
      ['a session revoked', endedSession],
      ['an account deactivated', deactivatedAccount],
    ] as const) {
      it(`refuses every join once ${what}, and closes the socket`, async () => {
        const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
        const person = people.member[0];
        const chat = (
          await call(t, owner.token, 'POST', 'messaging/chats/group-chat', {
            name: what,
            user_ids: [person.user.id],
          })
        ).json().resource.chat;
        const socket = await open(url, person.token);
        expect(await register(socket, `chat-${chat.id}`)).toEqual({ ok: true });
        await end(person);
        const closed = closing(socket);
        expect(await register(socket, `workspace-${workspace.id}`)).toEqual({ ok: false });
        expect(await closed).toBe('io server disconnect');
        await expect(open(url, person.token)).rejects.toThrow(/unauthorized/);
      });
    }

    it('reads the role as it is now', async () => {
      const { workspace } = await createWorkspace(t);
      const supervisor = await t.createUser({ role: 'supervisor' });
      const socket = await open(url, supervisor.token);
      // Supervisors may look at any workspace; demoted, no longer.
      expect(await register(socket, `workspace-${workspace.id}`)).toEqual({ ok: true });
      await t.db.update(users).set({ role: 'user' }).where(eq(users.id, supervisor.user.id));
      expect(await register(socket, `workspace-${workspace.id}`)).toEqual({ ok: false });
      expect(socket.connected).toBe(true);
    });

    it('a request over a socket whose session ended is refused and closes it', async () => {
      const { owner, people } = await createWorkspace(t, { members: { member: 1 } });
      const chat = (
        await call(t, owner.token, 'POST', 'messaging/chats/group-chat', {
          name: 'Ended',
          user_ids: [people.member[0].user.id],
        })
      ).json().resource.chat;
      const socket = await open(url, owner.token);
      await endedSession(owner);
      const closed = closing(socket);
      expect(
        await socket.emitWithAck(CHAT_SEND_REQUEST, { chat_id: chat.id, text: 'late' }),
      ).toMatchObject({ ok: false, status: 401 });
      expect(await closed).toBe('io server disconnect');
    });
  });
});

describe('a close that never arrived', () => {
  it('is made up by the check each process runs over the sessions its sockets hold', async () => {
    const t = await createTestApp({ SOCKET_SESSION_CHECK_SECONDS: '0.2' });
    cleanups.push(() => t.close());
    const url = await listen(t);
    const [ended, open1] = [await t.createUser(), await t.createUser()];
    const [gone, kept] = await Promise.all([open(url, ended.token), open(url, open1.token)]);
    const closed = closing(gone);
    // Revoked in the database alone, as if the process that signed it out died before telling.
    await t.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionOf(ended.token)));
    expect(await closed).toBe('io server disconnect');
    expect(kept.connected).toBe(true);
  });
});

describe.skipIf(!hasRedis)('two API processes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL });
    cleanups.push(() => a.close());
    b = await createSecondApp(a, { REDIS_URL });
    cleanups.push(() => b.close());
    urlB = await listen(b);
  });

  for (const ending of endings) {
    it(`${ending.name} through A closes the sockets of ${ending.closes} on B`, () =>
      endAndWatch(a, b, urlB, ending));
  }
});
