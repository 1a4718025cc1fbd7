import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import {
  CATCH_UP_EVENT,
  REGISTER_EVENT,
  SOCKET_PATH,
  UNREGISTER_EVENT,
  type CatchUp,
} from '@contracts/realtime';
import { openSessionIds, openSessionUser, resolveAccessToken } from '../auth/access-token';
import type { AppDeps } from '../context';
import type { UserRow } from '../db/schema';
import { describeError } from '../http/error-handler';
import type { App } from '../http/types';
import { LANGUAGES, translator, type Language } from '../i18n';
import { createStreamsAdapter, type StreamsAdapterFactory } from './redis-streams';
import { RoomActivity } from './room-activity';

/** Who may join the room `<kind>-<id>`: the area that owns the kind of room answers. */
export type RoomRule = (user: RoomUser, id: number) => Promise<boolean>;
export interface RoomUser {
  id: number;
  role: string;
}

/** The signed-in person behind a socket, as a client request handler sees them. */
export interface SocketClient {
  userId: number;
  /** The account's role when the socket signed in (operations take it as the actor's). */
  role: UserRow['role'];
  /** The session the socket signed in with: a handler checks it is still open where it acts. */
  sessionId: string;
  language: Language;
}
/**
 * Answers what a client asks over its socket (`socket.emit(event, payload, ack)`). The ack gets
 * `{ ok: true, resource }`, or `{ ok: false, status, messages, code, errors? }` as an HTTP
 * refusal would carry, in the person's language; refuse by throwing the usual errors.
 */
export type ClientRequestHandler = (client: SocketClient, payload: unknown) => Promise<unknown>;

export interface Realtime {
  toUser(userId: number, event: string, payload: unknown): void;
  toWorkspace(workspaceId: number, event: string, payload: unknown): void;
  /** To every socket in a room named by what it means (`chat-<id>`), on every process. */
  toRoom(room: string, event: string, payload: unknown): void;
  /** Takes every socket of a person out of a room (they lost the right to be in it). */
  leaveRoom(userId: number, room: string): void;
  /**
   * Closes the sockets signed in with a session that ended (sign-out), on every process. Call
   * it once the revocation committed, so a socket that reconnects is refused.
   */
  closeSession(sessionId: string): void;
  /**
   * Closes every socket of a person whose sessions ended (password reset, deactivation,
   * deletion), on every process; `keepSessionId` keeps the one session that stays open (a
   * password change keeps the device it was made on).
   */
  closeSessionsOf(userId: number, keepSessionId?: string): void;
  /** An area says who may join its rooms; `user-<id>` is joined on connection and is no rule. */
  registerRoomRule(kind: string, rule: RoomRule): void;
  /** An area answers a request clients send over the socket (one handler per event). */
  onClientRequest(event: string, handler: ClientRequestHandler): void;
  /** Sockets connected to this process (/metrics). */
  socketCount(): number;
}

/**
 * Rooms are named by what they mean (`user-<id>`, `workspace-<id>`) and joined through the
 * client's `register` event only after the server has checked access. With REDIS_URL set the
 * Redis streams adapter lets several API processes share rooms (it survives a Redis blip);
 * a process reads the stream from where it ended before the process served, on a connection
 * of its own, so it misses nothing another process publishes (./redis-streams.ts).
 */
export function attachRealtime(app: App, deps: AppDeps): Realtime {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
  });
  // When each room last had a send: this process's own (below, where it sends) and, with Redis,
  // every other process's. A page's first connection asks it whether to refetch.
  const activity = new RoomActivity();
  const rules = new Map<string, RoomRule>();
  const requests = new Map<string, ClientRequestHandler>();
  let redis: Redis | undefined;
  let streams: StreamsAdapterFactory | undefined;
  if (deps.config.REDIS_URL) {
    redis = new Redis(deps.config.REDIS_URL, { maxRetriesPerRequest: null });
    // While Redis is away the adapter waits and reconnects; the error is no crash.
    redis.on('error', (error: Error) => app.log.debug({ err: error }, 'redis unavailable'));
    streams = createStreamsAdapter(redis, { onRemoteBroadcast: (rooms) => activity.touch(rooms) });
    io.adapter(streams);
    // Serving starts only once the reader knows where the stream ends.
    app.addHook('onReady', () => streams!.ready);
  }

  io.use(async (socket, next) => {
    const token =
      typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const auth = token ? await resolveAccessToken(deps, token) : null;
    if (!auth) return next(new Error('unauthorized'));
    socket.data.userId = auth.user.id;
    const asked = socket.handshake.auth?.language as Language;
    const client: SocketClient = {
      userId: auth.user.id,
      role: auth.user.role,
      sessionId: auth.sessionId,
      language: LANGUAGES.includes(asked) ? asked : (auth.user.language ?? 'en'),
    };
    socket.data.client = client;
    return next();
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    const client = socket.data.client as SocketClient;
    // The session's room is how its end reaches this socket from any process (closeSession).
    // Its name matches no room rule, so no client can register it, nor leave it.
    void socket.join([`user-${userId}`, sessionRoom(client.sessionId)]);
    const since = sinceOf(socket.handshake.auth?.since);
    if (since !== undefined) {
      const answer: CatchUp = { missed: activity.missedSince([`user-${userId}`], since) };
      socket.emit(CATCH_UP_EVENT, answer);
    }
    // A session that ended between the handshake's check and the joins above was closed
    // before this socket was in its rooms: look once more, now that a close would reach it.
    void openSessionUser(deps.db, client.sessionId, userId).then(
      (user) => user ?? socket.disconnect(true),
      () => undefined,
    );
    socket.on(REGISTER_EVENT, async (room: unknown, ...rest: unknown[]) => {
      // `register(room, ack)`, or `register(room, { since }, ack)` on a page's first connection
      // and for a room a screen watches once connected.
      const ack = rest.at(-1);
      const since =
        rest.length > 1 ? sinceOf((rest[0] as { since?: unknown } | null)?.since) : undefined;
      const answer = (ok: boolean) =>
        typeof ack === 'function' &&
        ack(
          ok && since !== undefined
            ? { ok, missed: activity.missedSince([room as string], since) }
            : { ok },
        );
      // Every join reads the session and the person again: a socket signed in earlier may
      // outlive its session (a close that never reached this process), and a role may change.
      // A failed read (database away) refuses: the client asks again when it reconnects.
      const user = await openSessionUser(deps.db, client.sessionId, userId).catch(() => undefined);
      if (user === null) {
        answer(false);
        socket.disconnect(true);
        return;
      }
      const allowed = user !== undefined && (await mayJoin(rules, user, room).catch(() => false));
      if (allowed && typeof room === 'string') await socket.join(room);
      answer(allowed);
    });
    for (const [event, handler] of requests) {
      socket.on(event, async (payload: unknown, ack: unknown) => {
        if (typeof ack !== 'function') return;
        try {
          ack({ ok: true, resource: await handler(client, payload) });
        } catch (error) {
          const { status, body } = describeError(error, translator(client.language));
          if (status >= 500) app.log.error({ err: error, event }, 'socket request failed');
          ack({ ok: false, status, ...body });
          // A handler found the session ended: the socket has nothing more to do.
          if (status === 401) socket.disconnect(true);
        }
      });
    }
    // A screen that stops showing a workspace stops listening to it (its own rooms stay).
    socket.on(UNREGISTER_EVENT, async (room: unknown) => {
      if (typeof room === 'string' && mayLeave(room, userId)) await socket.leave(room);
    });
  });

  // A close that never arrived (a process that went down between commit and publish, a
  // Redis outage) would leave a socket up: every so often each process asks which of the
  // sessions its sockets hold are still open, in one query, and closes the rest.
  const sweep = setInterval(() => {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return;
    const sessionOf = (socket: (typeof sockets)[number]) =>
      (socket.data.client as SocketClient).sessionId;
    openSessionIds(deps.db, [...new Set(sockets.map(sessionOf))]).then(
      (open) => sockets.forEach((socket) => open.has(sessionOf(socket)) || socket.disconnect(true)),
      () => undefined,
    );
  }, deps.config.SOCKET_SESSION_CHECK_SECONDS * 1000);
  sweep.unref();
  const forget = setInterval(() => activity.prune(), 60_000);
  forget.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(forget);
    await io.close();
    streams?.close();
    redis?.disconnect();
  });

  function send(room: string, event: string, payload: unknown) {
    activity.touch([room]);
    io.to(room).emit(event, payload);
  }

  return {
    toUser: (userId, event, payload) => send(`user-${userId}`, event, payload),
    toWorkspace: (workspaceId, event, payload) => send(`workspace-${workspaceId}`, event, payload),
    toRoom: send,
    leaveRoom: (userId, room) => io.in(`user-${userId}`).socketsLeave(room),
    closeSession: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
    closeSessionsOf: (userId, keepSessionId) => {
      const theirs = io.in(`user-${userId}`);
      const ending = keepSessionId ? theirs.except(sessionRoom(keepSessionId)) : theirs;
      ending.disconnectSockets(true);
    },
    registerRoomRule: (kind, rule) => {
      if (rules.has(kind)) throw new Error(`Room rule for "${kind}" registered twice`);
      rules.set(kind, rule);
    },
    onClientRequest: (event, handler) => {
      if (requests.has(event) || event === REGISTER_EVENT || event === UNREGISTER_EVENT) {
        throw new Error(`Socket request "${event}" registered twice`);
      }
      requests.set(event, handler);
    },
    socketCount: () => io.of('/').sockets.size,
  };
}

const sessionRoom = (sessionId: string) => `session-${sessionId}`;

/** A `since` the client sent (the server's time in ms), if it is one. */
function sinceOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The rooms a socket was put in at connection are its own to keep: it leaves only the others. */
function mayLeave(room: string, userId: number) {
  return room !== `user-${userId}` && !room.startsWith('session-');
}

async function mayJoin(rules: Map<string, RoomRule>, user: RoomUser, room: unknown) {
  if (typeof room !== 'string') return false;
  const [, kind, id] = room.match(/^([a-z][a-z-]*)-(\d+)$/) ?? [];
  if (!kind) return false;
  if (kind === 'user') return Number(id) === user.id;
  const rule = rules.get(kind);
  return rule ? rule(user, Number(id)) : false;
}

/**
 * For a process that forwards sockets to the API instead of holding them (the standalone
 * bot-proxy): sending from there is a programming error, so it says so loudly.
 */
export function realtimeHeldElsewhere(where: string): Realtime {
  const refuse = () => {
    throw new Error(`Realtime events are sent by ${where}, not by this process`);
  };
  // Rooms are joined where the sockets are held, so rules registered here have nothing to guard.
  return {
    toUser: refuse,
    toWorkspace: refuse,
    toRoom: refuse,
    leaveRoom: refuse,
    closeSession: refuse,
    closeSessionsOf: refuse,
    registerRoomRule: () => {},
    onClientRequest: () => {},
    socketCount: () => 0,
  };
}
