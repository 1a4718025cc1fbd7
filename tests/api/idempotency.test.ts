import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SEND_REQUEST } from '@contracts/constants';
import type { ChatMessage } from '@contracts/messaging';
import type { SocketAnswer } from '@contracts/realtime';
import {
  assessmentEvaluables,
  chatMessages,
  idempotentRequests,
  keyResultAnswers,
  taskReports,
} from '@server/db/schema';
import { translator } from '@server/i18n';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { multipart, pdf, type Part } from './tasks-support';

/**
 * Retried writes are stored once (issue 36): a write sent again under its Idempotency-Key
 * answers what the first one answered without writing again; the key reused for another body
 * is a 422 in the caller's language; without a key nothing changes; refusals stay refusals.
 */
type Person = Awaited<ReturnType<TestApp['createUser']>>;
let t: TestApp;
let url: string;
let owner: Person;
let member: Person;
let outsider: Person;
let workspaceId: number;
let chatId: number;
const sockets: Socket[] = [];

function send(
  who: Person,
  method: 'POST' | 'GET',
  path: string,
  options: { payload?: object; key?: string; language?: string; parts?: Part[] } = {},
) {
  const form = options.parts && multipart(options.parts);
  return t.app.inject({
    method,
    url: `/api/v2/${path}`,
    headers: {
      ...bearer(who.token),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.language ? { language: options.language } : {}),
      ...form?.headers,
    },
    payload: form ? form.payload : options.payload,
  });
}

const rowsOf = async (query: Promise<{ n: number }[]>) => (await query)[0].n;
const keysOf = (who: Person) =>
  rowsOf(
    t.db
      .select({ n: count() })
      .from(idempotentRequests)
      .where(eq(idempotentRequests.userId, who.user.id)),
  );

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const made = await createWorkspace(t, { members: { member: 1 } });
  owner = made.owner;
  [member] = made.people.member;
  outsider = await t.createUser();
  workspaceId = made.workspace.id;
  const chat = await send(owner, 'POST', 'messaging/chats/user-chat', {
    payload: { user_id: member.user.id },
  });
  chatId = chat.json().resource.chat.id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

describe('chat messages', () => {
  const stored = (text: string) =>
    rowsOf(
      t.db
        .select({ n: count() })
        .from(chatMessages)
        .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.text, text))),
    );

  it('sent twice under one key: one message, the same answer', async () => {
    const key = randomUUID();
    const payload = { chat_id: chatId, text: 'once only' };
    const first = await send(owner, 'POST', 'messaging/messages', { payload, key });
    const again = await send(owner, 'POST', 'messaging/messages', { payload, key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await stored('once only')).toBe(1);
    // The full path (a mention) too.
    const mention = { chat_id: chatId, text: 'once, @member', mentions: [member.user.id] };
    const key2 = randomUUID();
    const a = await send(owner, 'POST', 'messaging/messages', { payload: mention, key: key2 });
    const b = await send(owner, 'POST', 'messaging/messages', { payload: mention, key: key2 });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().resource.message.id).toBe(a.json().resource.message.id);
    expect(await stored('once, @member')).toBe(1);
  });

  it('sent twice at once under one key: one message, both answered with it', async () => {
    for (const text of ['at once', 'at once, @member']) {
      const key = randomUUID();
      const payload = {
        chat_id: chatId,
        text,
        ...(text.includes('@') ? { mentions: [member.user.id] } : {}),
      };
      const answers = await Promise.all(
        [1, 2, 3].map(() => send(owner, 'POST', 'messaging/messages', { payload, key })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      const ids = new Set(answers.map((answer) => answer.json().resource.message.id));
      expect(ids.size).toBe(1);
      expect(await stored(text)).toBe(1);
    }
  });

  it('the same key with another body is a 422 in the caller’s language, and writes nothing', async () => {
    const key = randomUUID();
    await send(owner, 'POST', 'messaging/messages', {
      payload: { chat_id: chatId, text: 'first body' },
      key,
    });
    const other = await send(owner, 'POST', 'messaging/messages', {
      payload: { chat_id: chatId, text: 'another body' },
      key,
      language: 'vi',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'idempotency_key_reused',
      messages: [translator('vi')('common:errors.idempotency_key_reused')],
    });
    expect(await stored('another body')).toBe(0);
  });

  it('without a key, each send is a message, as before; a key that is no UUID is a 400', async () => {
    const payload = { chat_id: chatId, text: 'no key' };
    expect((await send(owner, 'POST', 'messaging/messages', { payload })).statusCode).toBe(201);
    expect((await send(owner, 'POST', 'messaging/messages', { payload })).statusCode).toBe(201);
    expect(await stored('no key')).toBe(2);
    const bad = await send(owner, 'POST', 'messaging/messages', { payload, key: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'bad_idempotency_key' });
    expect(await stored('no key')).toBe(2);
  });

  it('refuses whom it refused, and bad input, under a key too, remembering nothing', async () => {
    const before = await keysOf(outsider);
    const stranger = await send(outsider, 'POST', 'messaging/messages', {
      payload: { chat_id: chatId, text: 'let me in' },
      key: randomUUID(),
    });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(403);
    expect(stranger.statusCode).toBeLessThan(500);
    expect(await stored('let me in')).toBe(0);
    expect(await keysOf(outsider)).toBe(before);
    const empty = await send(owner, 'POST', 'messaging/messages', {
      payload: { chat_id: chatId, text: '' },
      key: randomUUID(),
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('validation_failed');
  });

  it('over the socket, and then over HTTP with the same key: one message', async () => {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const opened = connect(url, {
        path: '/_socket_/socket.io',
        transports: ['websocket'],
        auth: { token: owner.token },
      });
      sockets.push(opened);
      opened.on('connect', () => resolve(opened));
      opened.on('connect_error', reject);
    });
    const key = randomUUID();
    const body = { chat_id: chatId, text: 'over the socket once', idempotency_key: key };
    const over = () =>
      socket.emitWithAck(CHAT_SEND_REQUEST, body) as Promise<
        SocketAnswer<{ message: ChatMessage }>
      >;
    const first = await over();
    const again = await over();
    if (!first.ok || !again.ok) throw new Error('refused over the socket');
    expect(again.resource.message.id).toBe(first.resource.message.id);
    const { idempotency_key: _key, ...payload } = body;
    const overHttp = await send(owner, 'POST', 'messaging/messages', { payload, key });
    expect(overHttp.statusCode).toBe(201);
    expect(overHttp.json().resource.message.id).toBe(first.resource.message.id);
    expect(await stored('over the socket once')).toBe(1);
  });
});

describe('OKR check-ins', () => {
  let keyResultId: number;
  const checkIns = () =>
    rowsOf(
      t.db
        .select({ n: count() })
        .from(keyResultAnswers)
        .where(eq(keyResultAnswers.keyResultId, keyResultId)),
    );

  beforeAll(async () => {
    const objective = await send(owner, 'POST', `core/workspaces/${workspaceId}/objectives`, {
      payload: {
        name: 'Write the report',
        key_results: [
          {
            name: 'Pages',
            kind: 'increase',
            start_value: 0,
            target_value: 100,
            owner_ids: [member.user.id],
          },
        ],
      },
    });
    expect(objective.statusCode).toBe(201);
    keyResultId = objective.json().resource.objective.key_results[0].id;
  });

  it('one row per key, the same answer; another body 422; no key as before; refusals stay', async () => {
    const path = `core/key-results/${keyResultId}/answer`;
    const key = randomUUID();
    const payload = { value: 10, status: 'on trace' };
    const first = await send(member, 'POST', path, { payload, key });
    const again = await send(member, 'POST', path, { payload, key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await checkIns()).toBe(1);

    const other = await send(member, 'POST', path, { payload: { ...payload, value: 20 }, key });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');
    expect(await checkIns()).toBe(1);

    expect((await send(member, 'POST', path, { payload })).statusCode).toBe(201);
    expect((await send(member, 'POST', path, { payload })).statusCode).toBe(201);
    expect(await checkIns()).toBe(3);

    const stranger = await send(outsider, 'POST', path, { payload, key: randomUUID() });
    expect([403, 404]).toContain(stranger.statusCode);
    const bad = await send(member, 'POST', path, {
      payload: { value: 'lots', status: 'on trace' },
      key: randomUUID(),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('validation_failed');
    expect(await checkIns()).toBe(3);
  });
});

describe('task hand-ins', () => {
  it('a retried submit answers as the first did instead of 409, and stores one hand-in', async () => {
    const created = await send(owner, 'POST', `core/workspaces/${workspaceId}/tasks-by-owner`, {
      payload: {
        name: 'Lab report',
        expired_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        user_ids: [member.user.id],
        reviewer_ids: [owner.user.id],
      },
    });
    expect(created.statusCode).toBe(201);
    const taskId = created.json().resource.task.id;
    const handIns = () =>
      rowsOf(t.db.select({ n: count() }).from(taskReports).where(eq(taskReports.taskId, taskId)));
    const parts = [{ name: 'answer', value: 'My report' }, pdf('report.pdf')];
    const key = randomUUID();

    const stranger = await send(outsider, 'POST', `core/tasks/${taskId}/submit`, {
      parts,
      key: randomUUID(),
    });
    expect([403, 404]).toContain(stranger.statusCode);

    const first = await send(member, 'POST', `core/tasks/${taskId}/submit`, { parts, key });
    const again = await send(member, 'POST', `core/tasks/${taskId}/submit`, { parts, key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().resource.task.id).toBe(first.json().resource.task.id);
    expect(await handIns()).toBe(1);

    const other = await send(member, 'POST', `core/tasks/${taskId}/submit`, {
      parts: [{ name: 'answer', value: 'Another report' }, pdf('other.pdf')],
      key,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');

    // Two at once under one key (a resubmit): both answered, one hand-in stored.
    const resubmitKey = randomUUID();
    const both = await Promise.all(
      [1, 2].map(() =>
        send(member, 'POST', `core/tasks/${taskId}/resubmit`, { parts, key: resubmitKey }),
      ),
    );
    expect(both.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await handIns()).toBe(2);

    // Without a key, a second submit is refused as before.
    const unkeyed = await send(member, 'POST', `core/tasks/${taskId}/submit`, { parts });
    expect(unkeyed.statusCode).toBe(409);
    expect(await handIns()).toBe(2);
  });
});

describe('assessment answers', () => {
  it('a retried hand-in answers as the first did instead of 409', async () => {
    const created = await send(owner, 'POST', `core/workspaces/${workspaceId}/assessments`, {
      payload: {
        name: 'Peer review',
        expired_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        questions: [{ kind: 'rating', title: 'Does their share', options: { scale: 5 } }],
        who: { rules: ['self', 'everyone'] },
      },
    });
    expect(created.statusCode).toBe(201);
    const assessmentId = created.json().resource.assessment.id;
    const path = `core/assessments/${assessmentId}/questions`;
    const read = (await send(member, 'GET', path)).json().resource;
    const [questionId] = read.questions.map((q: { id: number }) => q.id);
    const [first, second] = read.evaluables.map((e: { id: number }) => e.id);
    const answer = (evaluable: number, rating: number) => ({
      evaluable_id: evaluable,
      answers: [{ question_id: questionId, rating }],
      submit: true,
    });
    const key = randomUUID();

    const a = await send(member, 'POST', path, { payload: answer(first, 4), key });
    const b = await send(member, 'POST', path, { payload: answer(first, 4), key });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const other = await send(member, 'POST', path, { payload: answer(first, 2), key });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('idempotency_key_reused');

    const stranger = await send(owner, 'POST', path, {
      payload: answer(second, 3),
      key: randomUUID(),
    });
    expect(stranger.statusCode).toBe(403);
    const bad = await send(member, 'POST', path, {
      payload: answer(second, 9),
      key: randomUUID(),
    });
    expect(bad.statusCode).toBe(422);

    // Without a key: handed in once, then refused as before.
    expect((await send(member, 'POST', path, { payload: answer(second, 5) })).statusCode).toBe(200);
    expect((await send(member, 'POST', path, { payload: answer(second, 5) })).statusCode).toBe(409);
    const submitted = await t.db
      .select({ status: assessmentEvaluables.status })
      .from(assessmentEvaluables)
      .where(eq(assessmentEvaluables.id, first));
    expect(submitted).toEqual([{ status: 'submitted' }]);
  });
});
