import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { Server } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATCH_UP_EVENT, REGISTER_EVENT, SOCKET_PATH, UNREGISTER_EVENT } from '@contracts/realtime';
import { LiveUpdates, type LiveInvalidations } from './realtime';

/**
 * A real socket.io server speaking the app's protocol: a token in the handshake, `register`
 * with an ack (here `workspace-1` is allowed and `workspace-2` is not), `unregister`.
 */
const httpServer = createServer();
const io = new Server(httpServer, { path: SOCKET_PATH, transports: ['websocket'] });
const handshakeTokens: string[] = [];
let url = '';

beforeAll(async () => {
  io.use((socket, next) => {
    const token = socket.handshake.auth?.token;
    if (typeof token !== 'string' || !token.startsWith('good')) return next(new Error('nope'));
    handshakeTokens.push(token);
    return next();
  });
  io.on('connection', (socket) => {
    // A page's first connection: events were "missed" for a `since` before 1000.
    const since = socket.handshake.auth?.since;
    if (typeof since === 'number') socket.emit(CATCH_UP_EVENT, { missed: since < 1000 });
    socket.on(REGISTER_EVENT, async (room: string, ...rest: unknown[]) => {
      const ack = rest.at(-1) as (a: { ok: boolean; missed?: boolean }) => void;
      const asked = rest.length > 1 ? (rest[0] as { since: number }).since : undefined;
      const ok = room === 'workspace-1';
      if (ok) await socket.join(room);
      ack(ok && asked !== undefined ? { ok, missed: asked < 1000 } : { ok });
    });
    socket.on(UNREGISTER_EVENT, (room: string) => socket.leave(room));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.close();
});

const invalidations: LiveInvalidations = {
  'task-changed': ({ id, workspace_id }) => [
    ['tasks', 'list', workspace_id],
    ['tasks', 'one', id],
  ],
  'assessment-changed': ({ id }) => [['assessments', 'one', id]],
  'okr-changed': ({ workspace_id }) => [['okrs', workspace_id]],
  'member-changed': ({ workspace_id }) => [['workspaces', workspace_id]],
  'membership-changed': () => [['workspaces']],
  'notifications-changed': () => [['core', 'notifications']],
  'chat-message': ({ chat_id }) => [['messages', chat_id]],
  'chat-typing': () => [],
  'chat-read': () => [],
  'chat-changed': () => [],
};

const live: LiveUpdates[] = [];
afterEach(async () => {
  live.splice(0).forEach((l) => l.disconnect());
  await until(() => io.of('/').sockets.size === 0, 'the server to see every socket go');
  handshakeTokens.length = 0;
});

function setUp(since?: number, serverNow?: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const updates = new LiveUpdates({
    queryClient,
    invalidations,
    url,
    since: () => since,
    serverNow: () => serverNow,
  });
  live.push(updates);
  return { queryClient, updates };
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let waited = 0; waited < 8_000; waited += 20) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const inRoom = async (room: string) => (await io.in(room).fetchSockets()).length;

/** Waits until `count` sockets are in the room. */
const untilInRoom = (room: string, count: number, what: string) =>
  until(async () => (await inRoom(room)) === count, what);

/** A page that fetched what it shows, then connects with `since` and watches workspace-1. */
async function showThenConnect(since: number) {
  const { queryClient, updates } = setUp(since);
  const shown = showQuery(queryClient, ['tasks', 'list', 1]);
  await until(() => shown.fetches() === 1, 'the first fetch');
  updates.watch('workspace-1');
  await updates.connect('good-token');
  return shown;
}

/**
 * The transport dies under the socket (as when a proxy or the network drops it); resolves once
 * a new connection is back in the room.
 */
async function cutAndRejoin(room: string) {
  const [before] = await io.in(room).fetchSockets();
  io.of('/').sockets.forEach((socket) => socket.conn.close());
  await until(async () => {
    const [after] = await io.in(room).fetchSockets();
    return after !== undefined && after.id !== before.id;
  }, 'a new connection in the room');
}

/** A query a screen is showing: it has an observer, and counts its fetches. */
function showQuery(queryClient: QueryClient, queryKey: unknown[]) {
  let fetches = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: async () => {
      fetches += 1;
      return fetches;
    },
  });
  const stop = observer.subscribe(() => undefined);
  return { fetches: () => fetches, stop };
}

// Reconnecting waits out the client's real backoff (0.5 to 1.5 s): room for a busy machine.
describe('live updates', { timeout: 20_000 }, () => {
  it('turns an event into invalidations of exactly the mapped queries', async () => {
    const { queryClient, updates } = setUp();
    await updates.connect('good-token');
    updates.watch('workspace-1');
    await untilInRoom('workspace-1', 1, 'the room');
    // Cached once connected, so the catch-up on connecting has nothing to mark.
    for (const key of [
      ['tasks', 'list', 1, { status: 'open' }],
      ['tasks', 'one', 5],
      ['tasks', 'one', 6],
      ['tasks', 'list', 2, { status: 'open' }],
      ['workspaces', 1],
      ['assessments', 'one', 7],
      ['assessments', 'one', 8],
    ]) {
      queryClient.setQueryData(key, 'cached');
    }

    io.to('workspace-1').emit('task-changed', { id: 5, parent_id: null, workspace_id: 1 });
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    await until(() => stale(['tasks', 'one', 5]) === true, 'the task to go stale');
    expect(stale(['tasks', 'list', 1, { status: 'open' }])).toBe(true);
    expect(stale(['tasks', 'one', 6])).toBe(false);
    expect(stale(['tasks', 'list', 2, { status: 'open' }])).toBe(false);
    expect(stale(['workspaces', 1])).toBe(false);

    // An assessment's event makes that assessment stale, and no other.
    io.to('workspace-1').emit('assessment-changed', { id: 7, workspace_id: 1 });
    await until(() => stale(['assessments', 'one', 7]) === true, 'the assessment to go stale');
    expect(stale(['assessments', 'one', 8])).toBe(false);

    // Unknown events and malformed payloads change nothing.
    io.to('workspace-1').emit('member-changed', { workspace_id: 'one', kind: 'added' });
    io.to('workspace-1').emit('something-else', { workspace_id: 1 });
    io.to('workspace-1').emit('member-changed', { workspace_id: 1, kind: 'added' });
    await until(() => stale(['workspaces', 1]) === true, 'the workspace to go stale');
    expect(stale(['tasks', 'one', 6])).toBe(false);
  });

  it('joins only the rooms the server allows, and leaves a room no screen shows', async () => {
    const { updates } = setUp();
    const stopOne = updates.watch('workspace-1');
    updates.watch('workspace-2');
    await updates.connect('good-token');
    await untilInRoom('workspace-1', 1, 'the allowed room');
    expect(await inRoom('workspace-2')).toBe(0);
    stopOne();
    await untilInRoom('workspace-1', 0, 'leaving the room');
  });

  it('after the connection is cut: reconnects, registers its rooms again, refetches what is shown', async () => {
    const { queryClient, updates } = setUp();
    const shown = showQuery(queryClient, ['tasks', 'list', 1]);
    const hidden = new QueryObserver(queryClient, { queryKey: ['tasks', 'one', 9] });
    queryClient.setQueryData(['tasks', 'one', 9], 'cached');
    await until(() => shown.fetches() === 1, 'the first fetch');
    updates.watch('workspace-1');
    await updates.connect('good-token');
    await untilInRoom('workspace-1', 1, 'the room');
    // Connected: what was fetched before the socket listened is fetched again.
    await until(() => shown.fetches() === 2, 'the catch-up on connecting');
    await cutAndRejoin('workspace-1');
    await until(() => shown.fetches() === 3, 'the shown query to refetch');
    expect(queryClient.getQueryState(['tasks', 'one', 9])?.isInvalidated).toBe(true);
    expect(hidden.getCurrentResult().fetchStatus).toBe('idle');

    // And events flow again.
    io.to('workspace-1').emit('task-changed', { id: 1, parent_id: null, workspace_id: 1 });
    await until(() => shown.fetches() === 4, 'the next event');
    shown.stop();
  });

  it("a page's first connection refetches nothing when the server says its rooms had no events", async () => {
    const shown = await showThenConnect(5_000);
    await untilInRoom('workspace-1', 1, 'the room');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shown.fetches()).toBe(1);

    // A reconnection after a gap sends no `since`, and catches up as always.
    await cutAndRejoin('workspace-1');
    await until(() => shown.fetches() === 2, 'the refetch after the gap');
    shown.stop();
  });

  it("a page's first connection refetches when the server says something was missed", async () => {
    const shown = await showThenConnect(1);
    await until(() => shown.fetches() >= 2, 'the catch-up on connecting');
    shown.stop();
  });

  it('a room watched once connected catches up on what its screen may have missed, and only then', async () => {
    /** Connected with nothing missed; then a screen fetches and watches workspace-1. */
    async function watchLater(serverNow: number) {
      const { queryClient, updates } = setUp(5_000, serverNow);
      await updates.connect('good-token');
      await until(() => io.of('/').sockets.size === 1, 'the connection');
      const shown = showQuery(queryClient, ['tasks', 'list', 1]);
      await until(() => shown.fetches() === 1, 'the first fetch');
      updates.watch('workspace-1');
      await untilInRoom('workspace-1', 1, 'the room');
      return shown;
    }
    // The room had a send since just before the watch (the server answers "missed").
    const missed = await watchLater(1);
    await until(() => missed.fetches() === 2, 'the catch-up refetch');
    missed.stop();
    live.splice(0).forEach((l) => l.disconnect());
    await until(() => io.of('/').sockets.size === 0, 'the first socket to go');

    // None: what the screen fetched stands.
    const current = await watchLater(5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(current.fetches()).toBe(1);
    current.stop();
  });

  it('pauses while the browser is offline and catches up when it is back', async () => {
    const { queryClient, updates } = setUp();
    const shown = showQuery(queryClient, ['tasks', 'list', 1]);
    updates.watch('workspace-1');
    await updates.connect('good-token');
    await untilInRoom('workspace-1', 1, 'the room');
    await until(() => shown.fetches() === 2, 'the first fetch and the catch-up on connecting');
    updates.pause();
    await untilInRoom('workspace-1', 0, 'the socket to close');
    updates.resume();
    await untilInRoom('workspace-1', 1, 'the room again');
    await until(() => shown.fetches() >= 3, 'the catch-up refetch');
    shown.stop();
  });

  it('a page that opens offline connects only once the browser is back, and catches up', async () => {
    const { queryClient, updates } = setUp();
    const shown = showQuery(queryClient, ['tasks', 'list', 1]);
    await until(() => shown.fetches() === 1, 'the first fetch');
    updates.pause();
    updates.watch('workspace-1');
    await updates.connect('good-token');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inRoom('workspace-1')).toBe(0);
    updates.resume();
    await untilInRoom('workspace-1', 1, 'the room once online');
    await until(() => shown.fetches() >= 2, 'the catch-up refetch');
    shown.stop();
  });

  it('when the server closes the socket (its session ended), refetches what is shown', async () => {
    const { queryClient, updates } = setUp();
    const shown = showQuery(queryClient, ['tasks', 'list', 1]);
    await updates.connect('good-token');
    await until(() => shown.fetches() === 2, 'the first fetch and the catch-up on connecting');
    io.of('/').sockets.forEach((socket) => socket.disconnect(true));
    // The refetch is what meets the 401 that signs this device out.
    await until(() => shown.fetches() === 3, 'the refetch once the server said goodbye');
    shown.stop();
  });

  it('reconnects with a new token, and stays away once signed out', async () => {
    const { updates } = setUp();
    await updates.connect('good-first');
    await until(() => handshakeTokens.includes('good-first'), 'the first handshake');
    await updates.connect('good-first');
    await updates.connect('good-second');
    await until(() => handshakeTokens.includes('good-second'), 'the new token');
    await until(async () => io.of('/').sockets.size === 1, 'one socket only');
    updates.disconnect();
    await until(async () => io.of('/').sockets.size === 0, 'the socket to go');
  });
});
