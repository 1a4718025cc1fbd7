import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@contracts/messaging';
import { CHAT_SEND_REQUEST } from '@contracts/constants';
import type { SocketAnswer } from '@contracts/realtime';
import { buildApp } from '@server/app';
import { issueAccessToken } from '@server/auth/access-token';
import { hashSecret } from '@server/auth/password';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { users, workspaceMembers, workspaces } from '@server/db/schema';
import { createPostgresDatabase } from '../support/database';
import { createWorkspace } from '../support/factories';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { bearer, createSecondApp, createTestApp, type TestApp } from '../support/test-app';

/**
 * Chat rooms: only members join; messages, edits, deletes, typing and read pointers reach
 * every member's sockets; with REDIS_URL they cross API processes, and a process that has just
 * started hears everything from the moment it serves.
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

function open(url: string, token: string, language?: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/_socket_/socket.io',
    transports: ['websocket'],
    auth: { token, language },
  });
  cleanups.push(() => socket.disconnect());
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const register = (socket: Socket, room: string) =>
  socket.emitWithAck('register', room) as Promise<{ ok: boolean }>;

/** Collects every payload of an event on a socket. */
function collect(socket: Socket, event: string) {
  const seen: Record<string, unknown>[] = [];
  socket.on(event, (payload: Record<string, unknown>) => seen.push(payload));
  return seen;
}

async function until(check: () => boolean, what: string, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function listen(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function post(t: TestApp, token: string, url: string, payload: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/${url}`,
    headers: bearer(token),
    payload,
  });
  return res.json();
}

describe('chat rooms in one process', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    cleanups.push(() => t.close());
    url = await listen(t);
  });

  it('lets only members in, and carries messages, typing and read pointers', async () => {
    const { owner, people } = await createWorkspace(t, { members: { member: 2 } });
    const [member, other] = people.member;
    const outsider = await t.createUser();
    const chat = (
      await post(t, owner.token, 'messaging/chats/group-chat', {
        name: 'Live',
        user_ids: [member.user.id],
      })
    ).resource.chat;
    const room = `chat-${chat.id}`;
    const [mine, theirs, notIn, stranger] = await Promise.all([
      open(url, owner.token),
      open(url, member.token),
      open(url, other.token),
      open(url, outsider.token),
    ]);
    expect(await register(mine, room)).toEqual({ ok: true });
    expect(await register(theirs, room)).toEqual({ ok: true });
    expect(await register(notIn, room)).toEqual({ ok: false });
    expect(await register(stranger, room)).toEqual({ ok: false });
    const got = collect(theirs, 'chat-message');
    const leaked = [...collect(notIn, 'chat-message'), ...collect(stranger, 'chat-message')];
    const typing = collect(theirs, 'chat-typing');
    const reads = collect(mine, 'chat-read');

    const sent = (
      await post(t, owner.token, 'messaging/messages', { chat_id: chat.id, text: 'hello' })
    ).resource.message;
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/messaging/messages/${sent.id}`,
      headers: bearer(owner.token),
      payload: { text: 'hello!' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/messaging/messages/${sent.id}`,
      headers: bearer(owner.token),
    });
    await post(t, owner.token, `messaging/chats/${chat.id}/typing`, {});
    await post(t, member.token, `messaging/chats/${chat.id}/read`, { message_id: sent.id });
    await until(() => got.length === 3 && typing.length === 1 && reads.length === 1, 'events');
    expect(got.map((e) => e.kind)).toEqual(['created', 'edited', 'deleted']);
    expect(got[0]).toEqual({
      chat_id: chat.id,
      message_id: sent.id,
      parent_id: null,
      kind: 'created',
    });
    expect(reads[0]).toEqual({ chat_id: chat.id, user_id: member.user.id, message_id: sent.id });
    expect(leaked).toEqual([]);

    // Leaving takes the member's sockets out of the room.
    await post(t, member.token, 'messaging/chats/group-chat/leave', { chat_id: chat.id });
    await post(t, owner.token, 'messaging/messages', { chat_id: chat.id, text: 'after' });
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toHaveLength(3);
    expect(await register(theirs, room)).toEqual({ ok: false });
  });
  it('sends over the socket as over HTTP, refusing whom HTTP refuses, in their language', async () => {
    const { owner, people } = await createWorkspace(t, { members: { member: 2 } });
    const [member, other] = people.member;
    const chat = (
      await post(t, owner.token, 'messaging/chats/group-chat', {
        name: 'Socket sends',
        user_ids: [member.user.id],
      })
    ).resource.chat;
    const [mine, theirs, notIn] = await Promise.all([
      open(url, owner.token),
      open(url, member.token, 'vi'),
      open(url, other.token),
    ]);
    expect(await register(theirs, `chat-${chat.id}`)).toEqual({ ok: true });
    const got = collect(theirs, 'chat-message');
    const sendOver = (socket: Socket, body: object) =>
      socket.emitWithAck(CHAT_SEND_REQUEST, body) as Promise<
        SocketAnswer<{ message: ChatMessage }>
      >;

    const answer = await sendOver(mine, { chat_id: chat.id, text: 'over the socket' });
    if (!answer.ok) throw new Error(answer.messages[0]);
    expect(answer.resource.message).toMatchObject({ text: 'over the socket', chat_id: chat.id });
    await until(() => got.length === 1, 'the message in the room');
    expect(got[0]).toMatchObject({ message_id: answer.resource.message.id, kind: 'created' });
    // A reply with a mention takes the full path and is stored the same way.
    const reply = await sendOver(theirs, {
      chat_id: chat.id,
      text: 'a reply',
      parent_id: answer.resource.message.id,
      mentions: [owner.user.id],
    });
    expect(reply).toMatchObject({ ok: true, resource: { message: { text: 'a reply' } } });

    // Wrong roles: not a member; a member once only admins may send.
    expect(await sendOver(notIn, { chat_id: chat.id, text: 'let me in' })).toMatchObject({
      ok: false,
      status: 404,
    });
    await post(t, owner.token, 'messaging/chats/group-chat/edit', {
      chat_id: chat.id,
      send_message_permission: false,
    });
    expect(await sendOver(theirs, { chat_id: chat.id, text: 'may I?' })).toEqual({
      ok: false,
      status: 403,
      code: 'forbidden',
      messages: ['Chỉ quản trị viên của cuộc trò chuyện mới được gửi tin nhắn ở đây.'],
    });
    // Bad input, in the person's language.
    const bad = await sendOver(theirs, { chat_id: chat.id });
    expect(bad).toMatchObject({ ok: false, status: 422, code: 'validation_failed' });
    expect(bad.ok || bad.errors?.text).toEqual(['Trường này là bắt buộc.']);
    // Signing out closes the session's sockets: nothing more is sent over this one
    // (tests/api/realtime-sessions.test.ts holds the rest of what ends with a session).
    const closed = new Promise((resolve) => mine.once('disconnect', resolve));
    expect((await post(t, owner.token, 'core/join/logout', {})).code).toBeUndefined();
    expect(await closed).toBe('io server disconnect');

    const history = await t.app.inject({
      url: `/api/v2/messaging/messages?chat_id=${chat.id}`,
      headers: bearer(member.token),
    });
    expect(history.json().resource.messages.map((m: ChatMessage) => m.text)).toEqual([
      'over the socket',
    ]);
  });
});

describe.skipIf(!hasRedis)('chat across API processes over Redis', () => {
  it('a message sent through A reaches a client on B, also right after B started', async () => {
    const a = await createTestApp({ REDIS_URL });
    cleanups.push(() => a.close());
    const { owner, people } = await createWorkspace(a, { members: { member: 1 } });
    const member = people.member[0];
    const chat = (
      await post(a, owner.token, 'messaging/chats/group-chat', {
        name: 'Redis',
        user_ids: [member.user.id],
      })
    ).resource.chat;
    // Traffic on the stream before B exists: B must neither replay it nor need it to wake up.
    for (let i = 0; i < 3; i += 1)
      await post(a, owner.token, 'messaging/messages', { chat_id: chat.id, text: `early ${i}` });

    const b = await createSecondApp(a, { REDIS_URL });
    cleanups.push(() => b.close());
    const urlB = await listen(b);
    const socket = await open(urlB, member.token);
    expect(await register(socket, `chat-${chat.id}`)).toEqual({ ok: true });
    const got = collect(socket, 'chat-message');
    const sent: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await post(a, owner.token, 'messaging/messages', {
        chat_id: chat.id,
        text: `burst ${i}`,
      });
      sent.push(res.resource.message.id);
      if (i % 5 === 0) await new Promise((r) => setTimeout(r, 150));
    }
    await until(() => got.length >= sent.length, 'every message on B', 5000);
    expect(got.map((e) => e.message_id)).toEqual(sent);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two real server processes: a message through process A reaches a socket on process B',
    async () => {
      const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => database.drop());
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL,
        JWT_SECRET: 'chat-cross-process-secret-long-enough-for-hs256',
        SMTP_URL: 'smtp://127.0.0.1:1',
      };
      // Seed through the app code on the same database, before the servers run.
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'chat-')),
        ...env,
      });
      const handle = await openDatabase({
        databaseUrl: config.DATABASE_URL,
        dataDir: config.DATA_DIR,
      });
      const seedApp = await buildApp({ config, database: handle, logger: false });
      await seedApp.ready();
      const passwordHash = await hashSecret('correct horse battery');
      const people = await handle.db
        .insert(users)
        .values(
          [0, 1].map((i) => ({
            email: `x${i}@example.com`,
            firstName: `X${i}`,
            lastName: 'T',
            passwordHash,
            verifiedAt: new Date(),
          })),
        )
        .returning();
      const tokens = await Promise.all(
        people.map((p) => issueAccessToken(seedApp.deps, handle.db, p, 'password')),
      );
      const [workspace] = await handle.db
        .insert(workspaces)
        .values({ name: 'Two', workspaceType: 'course', createdBy: people[0].id })
        .returning();
      await handle.db
        .insert(workspaceMembers)
        .values(people.map((p) => ({ workspaceId: workspace.id, userId: p.id })));
      await seedApp.close();
      await handle.close();

      const processes: ServerProcess[] = [];
      for (const name of ['a', 'b']) {
        const started = await startServerProcess({
          ...env,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), `chat-${name}-`)),
        });
        processes.push(started);
        cleanups.push(() => started.stop());
      }
      const [pa, pb] = processes;
      const call = async (token: string, url: string, body: object) => {
        const res = await fetch(`${pa.url}/api/v2/${url}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return res.json();
      };
      const chat = (
        await call(tokens[0], 'messaging/chats/group-chat', {
          name: 'Procs',
          user_ids: [people[1].id],
        })
      ).resource.chat;
      const socket = await open(pb.url, tokens[1]);
      expect(await register(socket, `chat-${chat.id}`)).toEqual({ ok: true });
      const got = collect(socket, 'chat-message');
      const sent = (
        await call(tokens[0], 'messaging/messages', { chat_id: chat.id, text: 'across' })
      ).resource.message;
      // Generous: two processes from source on a busy machine may answer slowly.
      await until(() => got.length === 1, 'the message on process B', 20_000);
      expect(got[0]).toMatchObject({ chat_id: chat.id, message_id: sent.id, kind: 'created' });
    },
    // Two server processes start from source (tsx): on a busy two-core machine that alone can take a minute.
    180_000,
  );
});
