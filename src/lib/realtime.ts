import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import {
  liveEvents,
  REGISTER_EVENT,
  SOCKET_PATH,
  UNREGISTER_EVENT,
  type LiveEventName,
  type LiveEventPayload,
} from '@contracts/realtime';

/** For each event: the query keys it makes stale (as prefixes), from its ids-only payload. */
export type LiveInvalidations = {
  [E in LiveEventName]: (payload: LiveEventPayload<E>) => QueryKey[];
};

type SocketClient = typeof import('socket.io-client');

export interface LiveUpdatesOptions {
  queryClient: QueryClient;
  invalidations: LiveInvalidations;
  /** Where the API is; the page's own origin by default. */
  url?: string;
  /** socket.io-client, loaded only once someone is signed in (it is not in the first chunk). */
  loadClient?: () => Promise<SocketClient>;
}

/**
 * The one socket of the app (spec: live updates). It connects with the person's token, joins
 * the rooms the screens ask for once the server allows them, and turns events into query
 * invalidations, so open screens refetch through the same permission-checked routes. After a
 * reconnect it registers the rooms again and refetches what is on screen: whatever changed
 * while it was away is caught up.
 */
export class LiveUpdates {
  private socket: Socket | null = null;
  private token: string | null = null;
  private readonly rooms = new Map<string, number>();
  /** Bumped by every connect and disconnect, so a late import cannot revive an old session. */
  private generation = 0;
  private readonly options: LiveUpdatesOptions;

  constructor(options: LiveUpdatesOptions) {
    this.options = options;
  }

  /** Connects with this token; a different token replaces the connection. */
  async connect(token: string): Promise<void> {
    if (token === this.token) return;
    this.disconnect();
    this.token = token;
    const generation = this.generation;
    const { io } = await (this.options.loadClient ?? loadSocketClient)();
    if (generation !== this.generation) return;
    const socket = io(this.options.url ?? window.location.origin, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token },
      // Its own manager: a replaced session must not share the old one's connection.
      forceNew: true,
      // Backoff: 1 s, then doubling up to 10 s, each randomised by half so a restarted server
      // is not met by every client at once.
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 10_000,
      randomizationFactor: 0.5,
    });
    this.socket = socket;
    let connectedBefore = false;
    socket.on('connect', () => {
      this.rooms.forEach((_, room) => this.register(socket, room));
      if (connectedBefore) void this.options.queryClient.invalidateQueries();
      connectedBefore = true;
    });
    socket.onAny((event: string, payload: unknown) => this.apply(event, payload));
  }

  disconnect(): void {
    this.generation += 1;
    this.token = null;
    this.socket?.disconnect();
    this.socket = null;
  }

  /** While the browser reports no network, waiting out backoff is pointless: stop, then resume. */
  pause(): void {
    this.socket?.disconnect();
  }

  resume(): void {
    if (this.socket && !this.socket.connected) this.socket.connect();
  }

  /** Listens to a room while a screen shows it; the returned function stops listening. */
  watch(room: string): () => void {
    const count = this.rooms.get(room) ?? 0;
    this.rooms.set(room, count + 1);
    if (count === 0 && this.socket?.connected) this.register(this.socket, room);
    return () => {
      const left = (this.rooms.get(room) ?? 1) - 1;
      if (left > 0) {
        this.rooms.set(room, left);
        return;
      }
      this.rooms.delete(room);
      if (this.socket?.connected) this.socket.emit(UNREGISTER_EVENT, room);
    };
  }

  private register(socket: Socket, room: string) {
    // A refusal (not a member, or no longer one) just means no events from that room.
    socket.emit(REGISTER_EVENT, room, () => undefined);
  }

  private apply(event: string, payload: unknown) {
    if (!isLiveEvent(event)) return;
    const parsed = liveEvents[event].safeParse(payload);
    if (!parsed.success) return;
    const keysOf = this.options.invalidations[event] as (payload: unknown) => QueryKey[];
    for (const queryKey of keysOf(parsed.data)) {
      void this.options.queryClient.invalidateQueries({ queryKey });
    }
  }
}

const isLiveEvent = (event: string): event is LiveEventName => Object.hasOwn(liveEvents, event);

const loadSocketClient = () => import('socket.io-client');
