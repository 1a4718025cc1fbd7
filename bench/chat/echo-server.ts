/**
 * The bare baseline of `npm run bench:chat`, as its own process: a socket.io server with the
 * same Redis streams adapter as the app; a client joins a room, and what a client says is
 * broadcast to its room. Prints "Server listening at <url>" once it serves.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { createStreamsAdapter } from '../../server/realtime/redis-streams';

const http = createServer();
const io = new Server(http, { path: '/echo', transports: ['websocket'], serveClient: false });
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
  maxRetriesPerRequest: null,
});
const adapter = createStreamsAdapter(redis, { streamName: process.env.ECHO_STREAM ?? 'echo' });
io.adapter(adapter);
io.on('connection', (socket) => {
  socket.on('join', async (room: string, ack: () => void) => {
    await socket.join(room);
    ack();
  });
  socket.on('say', (payload: { room: string; id: number }) => {
    io.to(payload.room).emit('said', payload);
  });
});
await adapter.ready;
http.listen(0, '127.0.0.1', () => {
  console.log(`Server listening at http://127.0.0.1:${(http.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  void io.close();
  adapter.close();
  redis.disconnect();
  process.exit(0);
});
