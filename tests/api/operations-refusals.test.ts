import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SEND_REQUEST } from '@contracts/constants';
import { actorFor } from '@server/core/actor';
import { describeError } from '@server/http/error-handler';
import { translator } from '@server/i18n';
import { sendMessage } from '@server/modules/messaging/operations/send-message';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * One operation, one set of rules: sending a chat message is refused the same way (status, code
 * and words) whether it comes over HTTP, over the socket, or from a job acting for the person.
 */
let t: TestApp;
type Person = Awaited<ReturnType<TestApp['createUser']>>;
let owner: Person;
let member: Person;
let outsider: Person;
let workspaceId: number;
let chatId: number;
let url: string;
const sockets: Socket[] = [];

interface Refusal {
  status: number;
  code: string | undefined;
  messages: string[];
}

/** What a job acting for `who` meets when it calls the operation. */
const jobRefusals = new Map<string, Refusal>();

beforeAll(async () => {
  t = await createTestApp();
  const made = await createWorkspace(t, { members: { member: 1 } });
  owner = made.owner;
  [member] = made.people.member;
  outsider = await t.createUser();
  workspaceId = made.workspace.id;
  const chat = await http(owner, 'messaging/chats/group-chat', {
    name: 'Announcements',
    user_ids: [member.user.id],
    workspace_id: workspaceId,
  });
  chatId = chat.body.resource.chat.id;
  const edit = await http(owner, 'messaging/chats/group-chat/edit', {
    chat_id: chatId,
    send_message_permission: false,
  });
  expect(edit.status).toBe(200);
  await t.app.deps.jobs.define<{ user_id: number; label: string }>('test.send-as', async (data) => {
    const [person] = [owner, member, outsider].filter((p) => p.user.id === data.user_id);
    try {
      await sendMessage(t.app.deps, actorFor(person.user, 'job'), {
        chatId,
        text: 'from a job',
      });
    } catch (error) {
      const { status, code, body } = describeError(error, translator('en'));
      jobRefusals.set(data.label, { status, code, messages: body.messages as string[] });
    }
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await t.close();
});

async function http(who: Person, path: string, payload?: object) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v2/${path}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

async function overHttp(who: Person): Promise<Refusal> {
  const { status, body } = await http(who, 'messaging/messages', { chat_id: chatId, text: 'hi' });
  return { status, code: body.code, messages: body.messages };
}

async function overSocket(who: Person): Promise<Refusal> {
  const socket = connect(url, {
    path: '/_socket_/socket.io',
    transports: ['websocket'],
    auth: { token: who.token, language: 'en' },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  const answer = (await socket.emitWithAck(CHAT_SEND_REQUEST, { chat_id: chatId, text: 'hi' })) as {
    ok: boolean;
    status: number;
    code?: string;
    messages: string[];
  };
  expect(answer.ok).toBe(false);
  return { status: answer.status, code: answer.code, messages: answer.messages };
}

async function fromJob(who: Person, label: string): Promise<Refusal> {
  await t.app.deps.jobs.send('test.send-as', { user_id: who.user.id, label });
  await t.app.deps.jobs.drain();
  const refusal = jobRefusals.get(label);
  expect(refusal, `the job for ${label} was refused`).toBeDefined();
  return refusal!;
}

async function sameEverywhere(who: Person, label: string, status: number) {
  const before = await rowCounts(t.db);
  const refusals = [await overHttp(who), await overSocket(who), await fromJob(who, label)];
  expect(refusals[0].status).toBe(status);
  expect(refusals[0].messages.length).toBeGreaterThan(0);
  expect(refusals[1]).toEqual(refusals[0]);
  expect(refusals[2]).toEqual(refusals[0]);
  expect(await rowCounts(t.db)).toEqual(before);
}

describe('sending a message: the same refusal from HTTP, the socket and a job', () => {
  it('an outsider learns nothing of the chat (404)', async () => {
    await sameEverywhere(outsider, 'outsider', 404);
  });

  it('a member may not send where only admins may (403)', async () => {
    await sameEverywhere(member, 'wrong role', 403);
  });

  it('nobody sends in a chat of an archived workspace (409), and the owner can again once restored', async () => {
    const archived = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/workspaces/archive/${workspaceId}`,
      headers: bearer(owner.token),
    });
    expect(archived.statusCode).toBe(200);
    await sameEverywhere(owner, 'archived', 409);
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/v2/core/workspaces/restore/${workspaceId}`,
      headers: bearer(owner.token),
    });
    expect(restored.statusCode).toBe(200);
    expect(
      (await http(owner, 'messaging/messages', { chat_id: chatId, text: 'back' })).status,
    ).toBe(201);
  });
});
