import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chatMembers,
  chatMessages,
  chats,
  notifications,
  outboxEvents,
  tasks,
  teamMembers,
  teams,
} from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import {
  fetchTitle,
  isPublicAddress,
  MAX_BYTES,
  PREVIEW_TIMEOUT_MS,
} from '@server/modules/messaging/link-preview';
import { multipart, pdf, storedFiles } from './tasks-support';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
type Person = Awaited<ReturnType<TestApp['createUser']>>;
let ana: Person;
let ben: Person;
let cam: Person;
let outsider: Person;
let workspaceId: number;

beforeAll(async () => {
  t = await createTestApp();
  const made = await createWorkspace(t, { members: { member: 2 } });
  ana = made.owner;
  [ben, cam] = made.people.member;
  outsider = await t.createUser();
  workspaceId = made.workspace.id;
});
afterAll(() => t.close());

async function call(
  who: Person | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  lang?: string,
) {
  const response = await t.app.inject({
    method,
    url: `/api/v2/${url}`,
    headers: { ...(who ? bearer(who.token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

async function group(name = 'Project') {
  const res = await call(ana, 'POST', 'messaging/chats/group-chat', {
    name,
    user_ids: [ben.user.id, cam.user.id],
    workspace_id: workspaceId,
  });
  expect(res.status).toBe(201);
  return res.body.resource.chat.id as number;
}

const send = (who: Person, chatId: number, text: string, extra: object = {}) =>
  call(who, 'POST', 'messaging/messages', { chat_id: chatId, text, ...extra });

describe('chats', () => {
  it('finds a one-to-one chat again rather than making a second', async () => {
    const first = await call(ana, 'POST', 'messaging/chats/user-chat', { user_id: ben.user.id });
    const again = await call(ben, 'POST', 'messaging/chats/user-chat', { user_id: ana.user.id });
    expect(first.status).toBe(200);
    expect(again.body.resource.chat.id).toBe(first.body.resource.chat.id);
    expect(first.body.resource.chat.name).toBe(ben.user.firstName + ' Test');
    expect(first.body.resource.chat.send_message_permission).toBe(true);
  });

  it('refuses a one-to-one chat with someone sharing no workspace', async () => {
    const before = await rowCounts(t.db);
    const res = await call(ana, 'POST', 'messaging/chats/user-chat', { user_id: outsider.user.id });
    expect(res.status).toBe(404);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('lists chats with unread counts, tags and the last message; read pointer clears them', async () => {
    const chatId = await group('Counts');
    await send(ana, chatId, 'hello');
    await send(ana, chatId, `hi @ben`, { mentions: [ben.user.id] });
    const list = await call(ben, 'GET', 'messaging/chats');
    const entry = list.body.resource.chats.find((c: { id: number }) => c.id === chatId);
    expect(entry).toMatchObject({
      count_new_messages: 2,
      is_tagged: true,
      text: 'hi @ben',
      owner_name: `${ana.user.firstName} Test`,
      is_mute: false,
      leave_at: null,
    });
    expect(entry.send_at).toEqual(expect.any(String));
    const menu = await call(ben, 'GET', 'core/menu');
    expect(menu.body.resource.new_messages_count).toBeGreaterThanOrEqual(2);
    // The sender has read what they sent.
    const mine = await call(ana, 'GET', 'messaging/chats');
    expect(
      mine.body.resource.chats.find((c: { id: number }) => c.id === chatId).count_new_messages,
    ).toBe(0);

    const history = await call(ben, 'GET', `messaging/messages?chat_id=${chatId}`);
    const newest = history.body.resource.messages[0].id;
    const read = await call(ben, 'POST', `messaging/chats/${chatId}/read`, { message_id: newest });
    expect(read.body.resource.last_read_message_id).toBe(newest);
    const after = await call(ben, 'GET', `messaging/chats/${chatId}`);
    expect(after.body.resource.chat).toMatchObject({ count_new_messages: 0, is_tagged: false });
    // The pointer never moves back.
    await call(ben, 'POST', `messaging/chats/${chatId}/read`, { message_id: 1 });
    expect(
      (await call(ben, 'GET', `messaging/chats/${chatId}`)).body.resource.chat.last_read_message_id,
    ).toBe(newest);
  });

  it('records chat.mentioned for mentioned members, not for muted ones', async () => {
    const chatId = await group('Mentions');
    await call(cam, 'POST', 'messaging/chats/mute-chat', { chat_id: chatId, is_mute: true });
    const res = await send(ana, chatId, 'both of you', {
      mentions: [ben.user.id, cam.user.id, outsider.user.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.resource.message.mentions.sort()).toEqual([ben.user.id, cam.user.id].sort());
    const events = await t.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.type, 'chat.mentioned'));
    const mine = events.find(
      (e) => (e.payload as { message_id: number }).message_id === res.body.resource.message.id,
    );
    expect((mine?.payload as { recipients: number[] }).recipients).toEqual([ben.user.id]);
    // The mention becomes a notification for Ben only (Cam muted the chat).
    await t.app.deps.jobs.drain();
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'mentioned'), eq(notifications.referenceId, chatId)));
    expect(told.map((n) => n.userId)).toEqual([ben.user.id]);
    // A muted chat does not count toward the menu.
    const before = (await call(cam, 'GET', 'core/menu')).body.resource.new_messages_count;
    await send(ana, chatId, 'more');
    expect((await call(cam, 'GET', 'core/menu')).body.resource.new_messages_count).toBe(before);
  });

  it('pages history newest first before a cursor', async () => {
    const chatId = await group('Paging');
    for (let i = 1; i <= 5; i += 1) await send(ana, chatId, `m${i}`);
    const first = await call(ben, 'GET', `messaging/messages?chat_id=${chatId}&per_page=2`);
    expect(first.body.resource.messages.map((m: { text: string }) => m.text)).toEqual(['m5', 'm4']);
    expect(first.body.resource.has_more).toBe(true);
    const cursor = first.body.resource.messages[1].id;
    const second = await call(
      ben,
      'GET',
      `messaging/messages?chat_id=${chatId}&per_page=2&before=${cursor}`,
    );
    expect(second.body.resource.messages.map((m: { text: string }) => m.text)).toEqual([
      'm3',
      'm2',
    ]);
    const last = await call(
      ben,
      'GET',
      `messaging/messages?chat_id=${chatId}&per_page=2&before=${second.body.resource.messages[1].id}`,
    );
    expect(last.body.resource).toMatchObject({ has_more: false });
    expect(last.body.resource.messages.map((m: { text: string }) => m.text)).toEqual(['m1']);
  });

  it('threads, reactions, edits and deletes by the author only', async () => {
    const chatId = await group('Threads');
    const root = (await send(ana, chatId, 'root')).body.resource.message;
    const reply = await send(ben, chatId, 'a reply', { parent_id: root.id });
    expect(reply.body.resource.message.parent_id).toBe(root.id);
    const main = await call(cam, 'GET', `messaging/messages?chat_id=${chatId}`);
    expect(main.body.resource.messages).toHaveLength(1);
    expect(main.body.resource.messages[0].reply_count).toBe(1);
    const thread = await call(
      cam,
      'GET',
      `messaging/messages?chat_id=${chatId}&parent_id=${root.id}`,
    );
    expect(thread.body.resource.messages[0].text).toBe('a reply');

    const reacted = await call(cam, 'PUT', `messaging/messages/${root.id}/reactions`, {
      emoji: '👍',
    });
    expect(reacted.body.resource.message.reactions).toEqual([
      { emoji: '👍', count: 1, mine: true },
    ]);

    const before = await rowCounts(t.db);
    const foreign = await call(
      ben,
      'PUT',
      `messaging/messages/${root.id}`,
      { text: 'hijack' },
      'vi',
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.messages[0]).not.toMatch(/^messaging:/);
    expect((await call(ben, 'DELETE', `messaging/messages/${root.id}`)).status).toBe(403);
    expect(await rowCounts(t.db)).toEqual(before);

    const edited = await call(ana, 'PUT', `messaging/messages/${root.id}`, {
      text: 'root (edited)',
    });
    expect(edited.body.resource.message).toMatchObject({ text: 'root (edited)', is_edited: true });
    const deleted = await call(ana, 'DELETE', `messaging/messages/${root.id}`);
    expect(deleted.body.resource.message).toMatchObject({
      is_deleted: true,
      text: '',
      reactions: [],
    });
    const seen = await call(cam, 'GET', `messaging/messages?chat_id=${chatId}`);
    expect(seen.body.resource.messages[0]).toMatchObject({ id: root.id, is_deleted: true });
    expect((await call(ana, 'DELETE', `messaging/messages/${root.id}`)).status).toBe(409);
  });

  it('leaving keeps history up to then, refuses sending after', async () => {
    const chatId = await group('Leaving');
    await send(ana, chatId, 'before');
    const left = await call(cam, 'POST', 'messaging/chats/group-chat/leave', { chat_id: chatId });
    expect(left.status).toBe(200);
    expect(left.body.resource.chat.leave_at).toEqual(expect.any(String));
    await send(ana, chatId, 'after');
    const history = await call(cam, 'GET', `messaging/messages?chat_id=${chatId}`);
    expect(history.body.resource.messages.map((m: { text: string }) => m.text)).toEqual(['before']);
    const before = await rowCounts(t.db);
    const refused = await send(cam, chatId, 'let me back');
    expect(refused.status).toBe(403);
    expect(refused.body.messages[0]).toMatch(/left/i);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('send_message_permission false lets only admins send', async () => {
    const chatId = await group('Announcements');
    const edit = await call(ana, 'POST', 'messaging/chats/group-chat/edit', {
      chat_id: chatId,
      send_message_permission: false,
      name: 'Announcements!',
    });
    expect(edit.body.resource.chat).toMatchObject({
      send_message_permission: false,
      name: 'Announcements!',
    });
    const before = await rowCounts(t.db);
    const refused = await send(ben, chatId, 'me too');
    expect(refused.status).toBe(403);
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await send(ana, chatId, 'news')).status).toBe(201);
    // Only chat admins edit the group.
    const notAdmin = await call(ben, 'POST', 'messaging/chats/group-chat/edit', {
      chat_id: chatId,
      name: 'x',
    });
    expect(notAdmin.status).toBe(403);
  });

  it('edits members and admins; removed members are marked left', async () => {
    const chatId = await group('Members');
    const res = await call(ana, 'POST', 'messaging/chats/group-chat/edit', {
      chat_id: chatId,
      user_ids: [ben.user.id],
      admin_ids: [ben.user.id],
    });
    expect(res.status).toBe(200);
    const members = res.body.resource.chat.members as {
      id: number;
      is_admin: boolean;
      left: boolean;
    }[];
    expect(members.find((m) => m.id === cam.user.id)?.left).toBe(true);
    expect(members.find((m) => m.id === ben.user.id)?.is_admin).toBe(true);
    const bad = await call(ana, 'POST', 'messaging/chats/group-chat/edit', {
      chat_id: chatId,
      user_ids: [outsider.user.id],
    });
    expect(bad.status).toBe(422);
  });

  it('searches chats and people, paged until a page is empty', async () => {
    await group('Searchable zebra');
    const found = await call(ben, 'GET', 'messaging/chats/search?q=zebra');
    expect(
      found.body.resource.common_workspace_chat.map((c: { name: string }) => c.name),
    ).toContain('Searchable zebra');
    const people = await call(
      ben,
      'GET',
      `messaging/chats/search?q=${encodeURIComponent(cam.user.firstName)}`,
    );
    expect(people.body.resource.people.map((p: { id: number }) => p.id)).toContain(cam.user.id);
    const empty = await call(ben, 'GET', 'messaging/chats/search?q=zebra&page=50');
    expect(empty.body.resource.common_workspace_chat).toEqual([]);
  });

  it('links a chat to a task and a team, once, and unlinks it', async () => {
    const [task] = await t.db
      .insert(tasks)
      .values({ workspaceId, type: 'owner', name: 'Write report', createdBy: ana.user.id })
      .returning();
    const link = await call(ana, 'POST', 'messaging/chats/link-to-model', {
      model_type: 'task',
      model_id: task.id,
    });
    expect(link.status).toBe(200);
    expect(link.body.resource.chat).toMatchObject({
      kind: 'task',
      model_id: task.id,
      name: 'Write report',
    });
    const again = await call(ana, 'POST', 'messaging/chats/link-to-model', {
      model_type: 'task',
      model_id: task.id,
    });
    expect(again.body.resource.chat.id).toBe(link.body.resource.chat.id);
    const taskChats = await call(ana, 'GET', 'messaging/chats/task-chats');
    expect(taskChats.body.resource.chats.map((c: { id: number }) => c.id)).toContain(
      link.body.resource.chat.id,
    );
    // Someone not on the task learns nothing of it.
    const before = await rowCounts(t.db);
    expect(
      (
        await call(cam, 'POST', 'messaging/chats/link-to-model', {
          model_type: 'task',
          model_id: task.id,
        })
      ).status,
    ).toBe(404);
    expect(await rowCounts(t.db)).toEqual(before);

    const [team] = await t.db.insert(teams).values({ workspaceId, name: 'Blue' }).returning();
    await t.db.insert(teamMembers).values([
      { teamId: team.id, workspaceId, userId: ben.user.id },
      { teamId: team.id, workspaceId, userId: cam.user.id },
    ]);
    const teamChat = await call(ben, 'POST', 'messaging/chats/link-to-model', {
      model_type: 'team',
      model_id: team.id,
    });
    expect(teamChat.body.resource.chat.members).toHaveLength(2);
    const unlinked = await call(ben, 'POST', 'messaging/chats/unlink-to-model', {
      chat_id: teamChat.body.resource.chat.id,
    });
    expect(unlinked.body.resource.chat).toMatchObject({ kind: 'group', model_type: null });
  });

  it("makes the workspace's active-user chat once, with every member", async () => {
    const first = await call(ben, 'POST', `core/workspaces/${workspaceId}/active-user-chat`);
    expect(first.status).toBe(200);
    const again = await call(ana, 'POST', `core/workspaces/${workspaceId}/active-user-chat`);
    expect(again.body.resource.chat.id).toBe(first.body.resource.chat.id);
    expect(again.body.resource.chat.members.map((m: { id: number }) => m.id).sort()).toEqual(
      [ana.user.id, ben.user.id, cam.user.id].sort(),
    );
    expect(
      (await call(outsider, 'POST', `core/workspaces/${workspaceId}/active-user-chat`)).status,
    ).toBe(404);
    expect(
      (await call(null, 'POST', `core/workspaces/${workspaceId}/active-user-chat`)).status,
    ).toBe(401);
  });

  it('refuses bad input with a message, nothing stored', async () => {
    const chatId = await group('Bad input');
    const before = await rowCounts(t.db);
    for (const body of [
      { chat_id: chatId, text: '' },
      { chat_id: chatId, text: 'x'.repeat(5001) },
      { chat_id: chatId, text: 'ok', extra: 1 },
      { chat_id: -1, text: 'ok' },
      { chat_id: chatId, text: 'reply', parent_id: 2_000_000_000 },
    ]) {
      const res = await call(ana, 'POST', 'messaging/messages', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.messages.length).toBeGreaterThan(0);
    }
    expect(
      (await call(ana, 'POST', 'messaging/chats/group-chat', { name: '', user_ids: [] })).status,
    ).toBe(422);
    expect(
      (await call(ana, 'POST', 'messaging/chats/user-chat', { user_id: ana.user.id })).status,
    ).toBe(422);
    expect(
      (await call(ana, 'PUT', `messaging/messages/1/reactions`, { emoji: 'nope' })).status,
    ).toBe(422);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('every chat and message route refused to outsiders, left members and signed-out callers', () => {
  it('changes nothing', async () => {
    const chatId = await group('Guarded');
    const message = (await send(ana, chatId, 'secret')).body.resource.message.id;
    // Cam read everything, then left: reading again as a left member changes nothing.
    await call(cam, 'POST', `messaging/chats/${chatId}/read`, { message_id: message });
    await call(cam, 'POST', 'messaging/chats/group-chat/leave', { chat_id: chatId });
    const routes: {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      body?: object;
      leftMay?: boolean;
    }[] = [
      { method: 'GET', url: `messaging/chats/${chatId}`, leftMay: true },
      { method: 'GET', url: `messaging/messages?chat_id=${chatId}`, leftMay: true },
      {
        method: 'POST',
        url: `messaging/chats/${chatId}/read`,
        body: { message_id: message },
        leftMay: true,
      },
      {
        method: 'POST',
        url: 'messaging/chats/mute-chat',
        body: { chat_id: chatId, is_mute: true },
      },
      { method: 'POST', url: 'messaging/chats/group-chat/leave', body: { chat_id: chatId } },
      {
        method: 'POST',
        url: 'messaging/chats/group-chat/edit',
        body: { chat_id: chatId, name: 'Mine' },
      },
      { method: 'POST', url: 'messaging/chats/unlink-to-model', body: { chat_id: chatId } },
      { method: 'POST', url: `messaging/chats/${chatId}/typing`, body: {} },
      { method: 'POST', url: 'messaging/messages', body: { chat_id: chatId, text: 'hi' } },
      { method: 'PUT', url: `messaging/messages/${message}`, body: { text: 'changed' } },
      { method: 'DELETE', url: `messaging/messages/${message}` },
      { method: 'PUT', url: `messaging/messages/${message}/reactions`, body: { emoji: '👍' } },
    ];
    const snapshot = async () => ({
      counts: await rowCounts(t.db),
      messages: await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)),
      members: await t.db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId)),
      chat: await t.db.select().from(chats).where(eq(chats.id, chatId)),
    });
    const before = await snapshot();
    for (const route of routes) {
      for (const [who, expected] of [
        [outsider, 404],
        [null, 401],
        [cam, route.leftMay ? 200 : 403],
      ] as const) {
        const res = await call(who, route.method, route.url, route.body);
        const label = `${route.method} ${route.url} as ${who ? who.user.firstName : 'nobody'}`;
        expect(res.status, label).toBe(expected);
        if (res.status >= 400) expect(res.body.messages.length, label).toBeGreaterThan(0);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the list and search routes are refused to signed-out callers', async () => {
    for (const url of [
      'messaging/chats',
      'messaging/chats/search?q=a',
      'messaging/chats/task-chats',
    ]) {
      expect((await call(null, 'GET', url)).status).toBe(401);
    }
    for (const [url, body] of [
      ['messaging/chats/user-chat', { user_id: ben.user.id }],
      ['messaging/chats/group-chat', { name: 'x', user_ids: [ben.user.id] }],
      ['messaging/chats/link-to-model', { model_type: 'task', model_id: 1 }],
    ] as const) {
      const before = await rowCounts(t.db);
      expect((await call(null, 'POST', url, body)).status).toBe(401);
      expect(await rowCounts(t.db)).toEqual(before);
    }
  });
});

describe('attachments', () => {
  it('stores files like task files, serves them to members only, removes them with the message', async () => {
    const chatId = await group('Files');
    const body = multipart([{ name: 'text', value: 'the report' }, pdf('report.pdf')]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v2/messaging/messages/files?chat_id=${chatId}`,
      headers: { ...bearer(ana.token), ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(201);
    const message = sent.json().resource.message;
    expect(message.files).toHaveLength(1);
    expect(message.files[0]).toMatchObject({ name: 'report.pdf', mime_type: 'application/pdf' });
    const url = message.files[0].url as string;
    const got = await t.app.inject({ method: 'GET', url, headers: bearer(ben.token) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toMatch(/attachment/);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: bearer(outsider.token) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    // An outsider's, a left member's or a signed-out upload is refused before anything is stored.
    const files = storedFiles(t).length;
    const before = await rowCounts(t.db);
    for (const [who, status] of [
      [outsider, 404],
      [null, 401],
    ] as const) {
      const again = multipart([pdf('x.pdf')]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v2/messaging/messages/files?chat_id=${chatId}`,
        headers: { ...(who ? bearer(who.token) : {}), ...again.headers },
        payload: again.payload,
      });
      expect(res.statusCode).toBe(status);
    }
    const exe = multipart([
      {
        name: 'files',
        filename: 'x.exe',
        type: 'application/octet-stream',
        content: Buffer.from('MZ'),
      },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v2/messaging/messages/files?chat_id=${chatId}`,
      headers: { ...bearer(ana.token), ...exe.headers },
      payload: exe.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(storedFiles(t).length).toBe(files);
    expect(await rowCounts(t.db)).toEqual(before);

    await call(ana, 'DELETE', `messaging/messages/${message.id}`);
    expect(storedFiles(t).length).toBe(files - 1);
    expect(
      (await t.app.inject({ method: 'GET', url, headers: bearer(ben.token) })).statusCode,
    ).toBe(404);
  });
  it('lists a message of files only by its file names, and a deleted one as deleted, for everyone in the chat', async () => {
    const chatId = await group('Only files');
    const body = multipart([pdf('minutes.pdf'), pdf('budget.pdf')]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v2/messaging/messages/files?chat_id=${chatId}`,
      headers: { ...bearer(ana.token), ...body.headers },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(201);
    const entryFor = async (who: Person) =>
      (await call(who, 'GET', 'messaging/chats')).body.resource.chats.find(
        (c: { id: number }) => c.id === chatId,
      );
    for (const who of [ana, ben]) {
      expect(await entryFor(who)).toMatchObject({
        text: '',
        is_deleted: false,
        file_names: ['minutes.pdf', 'budget.pdf'],
      });
    }
    await call(ana, 'DELETE', `messaging/messages/${sent.json().resource.message.id}`);
    expect(await entryFor(ben)).toMatchObject({ text: '', is_deleted: true, file_names: [] });
    await send(ben, chatId, 'thanks');
    expect(await entryFor(ana)).toMatchObject({
      text: 'thanks',
      is_deleted: false,
      file_names: [],
    });
  });
});

describe('link previews', () => {
  it('refuses private, loopback and link-local addresses, checking what names resolve to', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '172.16.5.5',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(await fetchTitle('http://127.0.0.1/')).toBeNull();
    expect(await fetchTitle('http://localhost/')).toBeNull();
    // A public-looking name that resolves to a private address is refused.
    const resolve = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await fetchTitle('http://intranet.example.com/', { resolve })).toBeNull();
    expect(await fetchTitle('ftp://example.com/')).toBeNull();
    expect(await fetchTitle('http://example.com:8080/')).toBeNull();
  });

  it('keeps only the title, within a size cap and a timeout', async () => {
    const server = http.createServer((req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (req.url === '/big') {
        res.write('<html><head>');
        res.write(' '.repeat(MAX_BYTES + 1024));
        res.end('<title>too far</title>');
      } else if (req.url === '/slow') {
        res.write('<html><head>');
      } else {
        res.end('<html><head><title> Lab &amp; notes </title></head><body>secret</body></html>');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    // The test server is on loopback: only here is it let through, and only on its port via the resolver.
    const options = {
      allowAddress: () => true,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    };
    try {
      const base = `http://preview.test`;
      const get = (p: string) => fetchTitle(`${base}${p}`, { ...options, port });
      expect(await get('/')).toBe('Lab & notes');
      expect(await get('/big')).toBeNull();
      const started = Date.now();
      expect(await get('/slow')).toBeNull();
      expect(Date.now() - started).toBeLessThan(PREVIEW_TIMEOUT_MS + 1500);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
