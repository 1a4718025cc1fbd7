import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createStreamsAdapter } from '@server/realtime/redis-streams';

/**
 * The streams adapter of server/realtime (docs/decisions/chat.md): a process hears everything
 * other processes publish from the moment it serves, even while its own publishing connection
 * is busy. The library's adapter read from `$` on that same connection, so entries added while
 * the connection was busy before its first read were never seen; this test fails with it.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function redisAnswers() {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
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

async function startServer(streamName: string) {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const adapter = createStreamsAdapter(redis, { streamName });
  io.adapter(adapter);
  io.on('connection', (socket) => {
    socket.on('join', async (room: string, ack: () => void) => {
      await socket.join(room);
      ack();
    });
  });
  await adapter.ready;
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  cleanups.push(async () => {
    await io.close();
    adapter.close();
    redis.disconnect();
  });
  return { io, redis, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/** What another process's adapter appends for `io.to(room).emit(event, n)`. */
function publishFromElsewhere(redis: Redis, streamName: string, room: string, n: number) {
  const data = {
    opts: { rooms: [room], except: [], flags: {} },
    packet: { type: 2, data: ['said', n], nsp: '/' },
  };
  return redis.xadd(
    streamName,
    '*',
    'uid',
    'elsewhere',
    'nsp',
    '/',
    'type',
    '3',
    'data',
    JSON.stringify(data),
  );
}

describe.skipIf(!hasRedis)('Redis streams adapter', () => {
  it('a fresh server hears what others publish while its own connection is busy', async () => {
    const streamName = `test-streams-${Date.now()}`;
    const other = new Redis(REDIS_URL);
    cleanups.push(async () => {
      await other.del(streamName);
      other.disconnect();
    });
    const b = await startServer(streamName);
    const client: Socket = connect(b.url, { transports: ['websocket'], forceNew: true });
    cleanups.push(() => client.disconnect());
    await new Promise<void>((r) => client.once('connect', () => r()));
    await client.emitWithAck('join', 'room-1');
    const got: number[] = [];
    client.on('said', (n: number) => got.push(n));

    // The server has read nothing yet. Its own connection is then busy for a while (as behind a
    // slow command of its own) while another process publishes.
    const busy = b.redis.blpop(`${streamName}-nothing`, 0.6);
    // Long enough for any read already blocking (100 ms with the library) to have returned.
    await new Promise((r) => setTimeout(r, 250));
    for (let i = 0; i < 10; i += 1) await publishFromElsewhere(other, streamName, 'room-1', i);
    await busy;
    for (let i = 10; i < 15; i += 1) await publishFromElsewhere(other, streamName, 'room-1', i);

    const end = Date.now() + 5000;
    while (got.length < 15 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual(Array.from({ length: 15 }, (_, i) => i));
  });
});
