import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '@server/auth/password';
import { openDatabase, type DatabaseHandle } from '@server/db/client';
import {
  chatMessages,
  notifications,
  users,
  workspaceMembers,
  workspaces,
} from '@server/db/schema';
import { startCluster, type Cluster } from '../../scripts/cluster/processes';
import { checkWrites, describeCheck } from '../../scripts/load/check';
import { Recorder } from '../../scripts/load/client';
import { simulatePerson } from '../../scripts/load/person';
import { seedWorld } from '../../scripts/load/world';
import { createPostgresDatabase } from '../support/database';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const why = !SERVER_URL
  ? 'needs TEST_DATABASE_URL (PostgreSQL)'
  : !REDIS_URL
    ? 'needs TEST_REDIS_URL (Redis)'
    : undefined;
if (why) console.warn(`cluster.test.ts skipped: ${why}`);

const PASSWORD = 'correct horse battery';

/**
 * Two API processes (server/main.ts) over one PostgreSQL database and Redis behind
 * `npm run cluster`'s proxy: what one process does reaches the other's clients, a scheduled
 * job runs once, and killing a process mid-write loses nothing a client was told succeeded.
 * PostgreSQL only (the embedded database belongs to one process), so it runs once in CI.
 */
describe.skipIf(why)('two API processes', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let cluster: Cluster;
  let database: DatabaseHandle;
  let tokens: string[] = [];
  let userIds: number[] = [];
  let workspaceId: number;
  let dataDir: string;
  const sockets: Socket[] = [];

  const api = async (base: string, token: string, method: string, url: string, body?: object) => {
    const response = await fetch(`${base}/api/v2/${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    created = await createPostgresDatabase(SERVER_URL!);
    dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-cluster-'));
    cluster = await startCluster({
      processes: 2,
      port: 0,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SERVE_CLIENT: 'false',
        DATABASE_URL: created.url,
        REDIS_URL: REDIS_URL!,
        DATA_DIR: dataDir,
        JOBS_POLL_SECONDS: '0.5',
        TASK_REMINDER_LEAD_HOURS: '1',
        AUTH_RATE_LIMIT_MAX: '1000',
        DATABASE_POOL_MAX: '5',
      },
    });
    // Both came up together on the empty database: the migrations ran once, under the lock.
    database = await openDatabase({
      databaseUrl: created.url,
      dataDir: mkdtempSync(path.join(tmpdir(), 'teamloop-cluster-db-')),
      poolMax: 2,
    });
    const passwordHash = await hashSecret(PASSWORD);
    const people = await database.db
      .insert(users)
      .values(
        [0, 1, 2].map((i) => ({
          email: `cluster${i}@example.com`,
          firstName: `Cluster${i}`,
          lastName: 'Test',
          passwordHash,
          verifiedAt: new Date(),
        })),
      )
      .returning();
    userIds = people.map((p) => p.id);
    const [workspace] = await database.db
      .insert(workspaces)
      .values({ name: 'Cluster', workspaceType: 'course', createdBy: userIds[0] })
      .returning();
    workspaceId = workspace.id;
    await database.db.insert(workspaceMembers).values(
      userIds.map((userId, i) => ({
        workspaceId,
        userId,
        role: i === 0 ? ('owner' as const) : ('member' as const),
      })),
    );
    // Signed in through the proxy: whichever process answers, every process accepts the token.
    tokens = [];
    for (const person of people) {
      const login = await fetch(`${cluster.url}/api/v2/core/join/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: person.email, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      tokens.push(login.headers.get('access-token')!);
    }
  }, 150_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await cluster?.stop();
    await database?.close();
    await created?.drop();
  }, 30_000);

  it('shares sign-in: a token from one process is accepted by the other', async () => {
    for (const index of [0, 1]) {
      const me = await api(cluster.urlOf(index), tokens[1], 'GET', 'core/user');
      expect(me.status).toBe(200);
    }
  });

  it('carries a chat message sent through process A to a socket on process B', async () => {
    const chat = await api(cluster.urlOf(0), tokens[0], 'POST', 'messaging/chats/group-chat', {
      name: 'Across',
      user_ids: [userIds[1]],
      workspace_id: workspaceId,
    });
    expect(chat.status).toBe(201);
    const chatId = chat.body.resource.chat.id as number;
    const socket = connect(cluster.urlOf(1), {
      path: '/_socket_/socket.io',
      transports: ['websocket'],
      auth: { token: tokens[1] },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(await socket.emitWithAck('register', `chat-${chatId}`)).toEqual({ ok: true });
    const received = new Promise<{ message_id?: number }>((resolve) =>
      socket.on('chat-message', (payload: { message_id?: number }) => resolve(payload)),
    );
    const sent = await api(cluster.urlOf(0), tokens[0], 'POST', 'messaging/messages', {
      chat_id: chatId,
      text: 'from process A',
    });
    expect(sent.status).toBe(201);
    expect(await received).toMatchObject({
      chat_id: chatId,
      message_id: sent.body.resource.message.id,
    });
  });

  it('fires a scheduled deadline reminder exactly once with both processes working jobs', async () => {
    // Due one hour and three seconds from now, reminded one hour ahead: in three seconds.
    const task = await api(
      cluster.url,
      tokens[0],
      'POST',
      `core/workspaces/${workspaceId}/tasks-by-owner`,
      {
        name: 'Once only',
        expired_at: new Date(Date.now() + 3_600_000 + 3_000).toISOString(),
        user_ids: [userIds[1], userIds[2]],
        reviewer_ids: [userIds[0]],
      },
    );
    expect(task.status).toBe(201);
    const taskId = task.body.resource.task.id as number;
    const reminders = () =>
      database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'task_reminder'), eq(notifications.referenceId, taskId)));
    const until = Date.now() + 20_000;
    while ((await reminders()).length < 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
    }
    // A while longer: a second run in the other process would have written by now.
    await new Promise((r) => setTimeout(r, 2_000));
    const rows = await reminders();
    expect(rows.map((n) => n.userId).sort()).toEqual([userIds[1], userIds[2]].sort());
  }, 30_000);

  it('loses no acknowledged write when one process is killed mid-write', async () => {
    const chat = await api(cluster.url, tokens[0], 'POST', 'messaging/chats/group-chat', {
      name: 'Kill',
      user_ids: [userIds[1], userIds[2]],
      workspace_id: workspaceId,
    });
    const chatId = chat.body.resource.chat.id as number;
    // Alongside, people doing npm run load's mix (scripts/load/person.ts) with little thinking:
    // task hand-ins with a file, OKR check-ins, assessment answers, chat.
    const world = await seedWorld(database, cluster.url, {
      people: 6,
      groupSize: 6,
      tasksPerGroup: 2,
      assessmentsPerGroup: 1,
      prefix: 'mix',
    });
    const recorder = new Recorder();
    const mixChats: number[] = [];
    const acknowledged: number[] = [];
    const outcomes: Record<string, number> = {};
    let writing = true;
    const writer = async (who: number) => {
      for (let n = 0; writing; n += 1) {
        try {
          const sent = await api(cluster.url, tokens[who], 'POST', 'messaging/messages', {
            chat_id: chatId,
            text: `w${who}-${n}`,
          });
          outcomes[sent.status] = (outcomes[sent.status] ?? 0) + 1;
          if (sent.status === 201) acknowledged.push(sent.body.resource.message.id as number);
        } catch {
          outcomes.network = (outcomes.network ?? 0) + 1;
        }
      }
    };
    const writers = [
      ...[0, 1, 2, 0, 1, 2].map(writer),
      ...world.people.map((p) =>
        simulatePerson(recorder, cluster.url, p, () => writing, mixChats, [0, 50]),
      ),
    ];
    await new Promise((r) => setTimeout(r, 1_500));
    await cluster.kill(0);
    await new Promise((r) => setTimeout(r, 1_500));
    await cluster.restart(0);
    await new Promise((r) => setTimeout(r, 1_000));
    writing = false;
    await Promise.all(writers);

    expect(acknowledged.length).toBeGreaterThan(10);
    // Every refusal is the proxy's 502 for a request cut by the kill, never a 500.
    expect(
      Object.keys(outcomes).filter((s) => !['201', '502', '503', 'network'].includes(s)),
    ).toEqual([]);
    const stored = await database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), inArray(chatMessages.id, acknowledged)));
    expect(stored.length).toBe(acknowledged.length);
    // The mix: each kind of write was acknowledged, each acknowledged one is in the database,
    // and nothing beyond those whose outcome was unknown; nothing half-written; no 500.
    const check = await checkWrites(
      async (text, values) =>
        ((await database.executeSql(text, values)) as { rows: Record<string, unknown>[] }).rows,
      recorder,
      mixChats,
      { filesRoot: path.join(dataDir, 'files'), userIds: world.people.map((p) => p.id) },
    );
    expect(describeCheck(check).join('\n')).not.toMatch(/MISMATCH|missing by id: [1-9]/);
    expect(check.halfWritten).toEqual({});
    expect(check.ok).toBe(true);
    for (const figure of check.figures) expect(figure.acknowledged).toBeGreaterThan(0);
    expect(recorder.unexpected).toEqual([]);
    // Both processes serve again.
    for (const index of [0, 1]) {
      expect((await api(cluster.urlOf(index), tokens[0], 'GET', 'core/user')).status).toBe(200);
    }
  }, 60_000);
});
