/**
 * `npm run bench:chat`: chat delivery over two API processes and Redis.
 * 1,000 socket.io clients, spread over two processes of the real server (server/main.ts, each
 * its own socket.io server and Redis connections, one PostgreSQL database), are members of 100
 * group chats of 10. Messages are sent at a steady rate by a member of the chat, as the web app
 * sends them: over the member's socket (`chat-send`, answered through the ack; --via http sends
 * with POST messaging/messages instead, alternately on each process); each member's
 * socket receives `chat-message` from its chat room, on whichever process it is connected to.
 * Beside it, in the same run: a bare socket.io echo of the same shape (two echo-server.ts
 * processes, the same Redis streams adapter, the same 1,000 clients in 100 rooms, the same
 * rate; a client emits, its server broadcasts to the room). Printed: delivery latency p50/p99
 * (send started → event received) and messages lost (deliveries expected minus received, after
 * a drain). The clients run in this process for both, so the ratio is what to read.
 * Each run first sends for --warmup SECONDS (default 5) without measuring, so connection pools
 * and the JIT are warm in both; then it measures for --duration SECONDS (default 60). --rate MESSAGES_PER_SECOND (default 20),
 * --clients N (default 1000), --chats N (default 100). Needs Redis (REDIS_URL, default
 * redis://127.0.0.1:6379) and PostgreSQL (DATABASE_URL names the server, default
 * postgres://postgres@127.0.0.1:5432/postgres; a fresh database is made and dropped), since two
 * processes cannot share the embedded PGlite. BENCH_JOBS_WORK=false runs the two app processes
 * as API-only processes (JOBS_WORK=false, the deployment with a separate worker): by default they
 * also poll and work the job queues, as `npm start` does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { CHAT_SEND_REQUEST } from '../../contracts/constants';
import type { SocketAnswer } from '../../contracts/realtime';
import { buildApp } from '../../server/app';
import { issueAccessToken } from '../../server/auth/access-token';
import { loadConfig } from '../../server/config';
import { chatMembers, chats, users, workspaceMembers, workspaces } from '../../server/db/schema';
import { createPostgresDatabase } from '../../tests/support/database';
import { startServerProcess } from '../../tests/support/server-process';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    via: { type: 'string', default: 'socket' },
    rate: { type: 'string', default: '20' },
    clients: { type: 'string', default: '1000' },
    chats: { type: 'string', default: '100' },
  },
});
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const VIA = values.via === 'http' ? 'http' : 'socket';
const RATE = Number(values.rate);
const CLIENTS = Number(values.clients);
const CHATS = Number(values.chats);
const PER_CHAT = Math.floor(CLIENTS / CHATS);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DRAIN_MS = 3000;

interface Result {
  name: string;
  sent: number;
  expected: number;
  received: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summarise(name: string, sent: number, expected: number, latencies: number[]): Result {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    sent,
    expected,
    received: latencies.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

async function connectAll(urls: string[], tokens: (string | undefined)[], path_: string) {
  const sockets: Socket[] = [];
  // In batches, so the servers are not met by a thousand handshakes at once.
  for (let i = 0; i < tokens.length; i += 50) {
    const batch = tokens.slice(i, i + 50).map(
      (token, j) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(urls[(i + j) % urls.length], {
            path: path_,
            transports: ['websocket'],
            auth: token ? { token } : {},
            forceNew: true,
            reconnection: false,
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * Runs `send(i, measured)` at a steady rate: the warm-up, then the measured duration; resolves
 * with the number of measured sends once every send has settled.
 */
async function steady(send: (i: number, measured: boolean) => Promise<void>) {
  const warmup = Math.round(WARMUP_S * RATE);
  const total = warmup + Math.round(DURATION_S * RATE);
  const interval = 1000 / RATE;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i, i >= warmup).catch(() => undefined));
  }
  await Promise.all(pending);
  return total - warmup;
}

async function benchApp(): Promise<Result> {
  const database = await createPostgresDatabase(POSTGRES_URL);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-chat-bench-'));
  const env = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL,
    JWT_SECRET: process.env.JWT_SECRET ?? 'chat-bench-secret-long-enough-for-hs256-signing',
    AUTH_RATE_LIMIT_MAX: '100000000',
    JOBS_WORK: process.env.BENCH_JOBS_WORK ?? 'true',
  };
  // The schema and the people are made here; tokens are signed with the processes' secret.
  const seeding = await buildApp({ config: loadConfig({ ...process.env, ...env }), logger: false });
  const db = seeding.deps.db;

  // 1,000 people in one workspace, 100 group chats of 10.
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: CLIENTS }, (_, i) => ({
        email: `chat-bench-${i}@example.com`,
        firstName: `P${i}`,
        lastName: 'Bench',
        passwordHash: 'x',
        verifiedAt: new Date(),
        privacyAcceptedAt: new Date(),
      })),
    )
    .returning();
  const [workspace] = await db
    .insert(workspaces)
    .values({ name: 'Bench', workspaceType: 'course', createdBy: people[0].id })
    .returning();
  await db
    .insert(workspaceMembers)
    .values(people.map((p) => ({ workspaceId: workspace.id, userId: p.id })));
  const chatIds: number[] = [];
  for (let c = 0; c < CHATS; c += 1) {
    const [chat] = await db
      .insert(chats)
      .values({
        kind: 'group',
        name: `Chat ${c}`,
        workspaceId: workspace.id,
        createdBy: people[c * PER_CHAT].id,
      })
      .returning();
    chatIds.push(chat.id);
    await db
      .insert(chatMembers)
      .values(
        people
          .slice(c * PER_CHAT, (c + 1) * PER_CHAT)
          .map((p) => ({ chatId: chat.id, userId: p.id })),
      );
  }
  const tokens: string[] = [];
  for (const p of people) tokens.push(await issueAccessToken(seeding.deps, db, p, 'password'));
  await seeding.close();

  const servers = await Promise.all([0, 1].map(() => startServerProcess(env)));
  const urls = servers.map((server) => server.url);
  const sockets = await connectAll(urls, tokens, '/_socket_/socket.io');
  const received = new Map<number, number[]>();
  await Promise.all(
    sockets.map(async (socket, i) => {
      const chatId = chatIds[Math.floor(i / PER_CHAT)];
      const ack = (await socket.emitWithAck('register', `chat-${chatId}`)) as { ok: boolean };
      if (!ack.ok) throw new Error(`socket ${i} could not join its chat`);
      socket.on('chat-message', (payload: { message_id: number; kind: string }) => {
        if (payload.kind !== 'created') return;
        const at = performance.now();
        const list = received.get(payload.message_id) ?? [];
        list.push(at);
        received.set(payload.message_id, list);
      });
    }),
  );

  const sentAt = new Map<number, number>();
  const sent = await steady(async (i, measured) => {
    const c = i % CHATS;
    const sender = c * PER_CHAT + (((i / CHATS) | 0) % PER_CHAT);
    const started = performance.now();
    const body = { chat_id: chatIds[c], text: `message ${i}` };
    let id: number;
    if (VIA === 'socket') {
      const answer = (await sockets[sender].emitWithAck(CHAT_SEND_REQUEST, body)) as SocketAnswer<{
        message: { id: number };
      }>;
      if (!answer.ok) throw new Error(`send ${i}: ${answer.status}`);
      id = answer.resource.message.id;
    } else {
      const res = await fetch(`${urls[i % urls.length]}/api/v2/messaging/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[sender]}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`send ${i}: ${res.status}`);
      id = ((await res.json()) as { resource: { message: { id: number } } }).resource.message.id;
    }
    if (measured) sentAt.set(id, started);
  });
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  const latencies: number[] = [];
  for (const [id, started] of sentAt)
    for (const at of received.get(id) ?? []) latencies.push(at - started);

  sockets.forEach((s) => s.disconnect());
  await Promise.all(servers.map((server) => server.stop()));
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  const how = VIA === 'socket' ? `socket ${CHAT_SEND_REQUEST}` : 'POST messaging/messages';
  return summarise(`app: ${how} → chat-message`, sent, sent * PER_CHAT, latencies);
}

async function benchEcho(): Promise<Result> {
  const streamName = `bench-echo-${Date.now()}`;
  const servers = await Promise.all(
    [0, 1].map(() =>
      startServerProcess({ REDIS_URL, ECHO_STREAM: streamName }, 'bench/chat/echo-server.ts'),
    ),
  );
  const sockets = await connectAll(
    servers.map((server) => server.url),
    Array.from({ length: CLIENTS }, () => undefined),
    '/echo',
  );
  const received = new Map<number, number[]>();
  const sentAt = new Map<number, number>();
  await Promise.all(
    sockets.map(async (socket, i) => {
      await socket.emitWithAck('join', `room-${Math.floor(i / PER_CHAT)}`);
      socket.on('said', (payload: { id: number }) => {
        const list = received.get(payload.id) ?? [];
        list.push(performance.now());
        received.set(payload.id, list);
      });
    }),
  );
  const sent = await steady(async (i, measured) => {
    const c = i % CHATS;
    const sender = c * PER_CHAT + (((i / CHATS) | 0) % PER_CHAT);
    if (measured) sentAt.set(i, performance.now());
    sockets[sender].emit('say', { room: `room-${c}`, id: i });
  });
  await new Promise((r) => setTimeout(r, DRAIN_MS));
  const latencies: number[] = [];
  for (const [id, started] of sentAt)
    for (const at of received.get(id) ?? []) latencies.push(at - started);
  sockets.forEach((s) => s.disconnect());
  await Promise.all(servers.map((server) => server.stop()));
  const cleanup = new Redis(REDIS_URL);
  await cleanup.del(streamName);
  cleanup.disconnect();
  return summarise('bare socket.io echo, same shape', sent, sent * PER_CHAT, latencies);
}

async function main() {
  console.log(
    `chat bench: ${CLIENTS} clients over 2 server processes + Redis, ${CHATS} chats of ${PER_CHAT}, ${RATE} messages/s for ${DURATION_S} s after ${WARMUP_S} s of warm-up`,
  );
  const echo = await benchEcho();
  const app = await benchApp();
  const rows = [echo, app].map((r) => ({
    run: r.name,
    sent: r.sent,
    'deliveries expected': r.expected,
    received: r.received,
    lost: r.expected - r.received,
    'p50 ms': r.p50.toFixed(1),
    'p99 ms': r.p99.toFixed(1),
  }));
  console.table(rows);
  console.log(
    `p99 app / echo: ${(app.p99 / echo.p99).toFixed(2)} (target at most 2); lost: ${app.expected - app.received} (target 0)`,
  );
  process.exit(0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
