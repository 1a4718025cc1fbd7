import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import type { CatchUp, LiveEventName, LiveEventPayload, SocketAnswer } from '@contracts/realtime';

/** For each event: the query keys it makes stale (as prefixes), from its ids-only payload. */
export type LiveInvalidations = {
  [E in LiveEventName]: (payload: LiveEventPayload<E>) => QueryKey[];
};

type SocketClient = typeof import('socket.io-client');
/** The socket's contract (event names, payload schemas): zod, so it loads with the socket. */
type Contract = typeof import('@contracts/realtime');

export interface LiveUpdatesOptions {
  queryClient: QueryClient;
  /** The table itself, or how to load it (it names every feature's query keys: not for the shell). */
  invalidations: LiveInvalidations | (() => Promise<LiveInvalidations>);
  /** Where the API is; the page's own origin by default. */
  url?: string;
  /** socket.io-client, loaded only once someone is signed in (it is not in the first chunk). */
  loadClient?: () => Promise<SocketClient>;
  /** The interface language, for what the server answers to requests over the socket. */
  language?: () => string;
  /**
   * The server's time when what the cache holds was first read (the page's start). With it, a
   * socket's first connection refetches only if the server says its rooms had events since;
   * without it, or on a reconnection, everything on screen is refetched.
   */
  since?: () => number | undefined;
  /**
   * The server's time now, as far as this browser can tell. A room watched while the socket is
   * already connected registers with it: the screen that asked fetched what it shows a moment
   * before, and an event sent to the room in between would otherwise be lost.
   */
  serverNow?: () => number | undefined;
}

/**
 * The one socket of the app (spec: live updates). It connects with the person's token, joins
 * the rooms the screens ask for once the server allows them, and turns events into query
 * invalidations, so open screens refetch through the same permission-checked routes. Once
 * connected, and after every reconnect, it registers the rooms and refetches what is on screen:
 * whatever changed while it was away is caught up.
 */
export class LiveUpdates {
  private socket: Socket | null = null;
  private contract: Contract | null = null;
  private invalidations: LiveInvalidations | null = null;
  private token: string | null = null;
  private readonly rooms = new Map<string, number>();
  private readonly listeners = new Set<(event: LiveEventName, payload: unknown) => void>();
  /** Bumped by every connect and disconnect, so a late import cannot revive an old session. */
  private generation = 0;
  /** The browser said it is offline: no connecting until it says it is back. */
  private offline = false;
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
    const { invalidations } = this.options;
    const [{ io }, contract, table] = await Promise.all([
      (this.options.loadClient ?? loadSocketClient)(),
      loadContract(),
      typeof invalidations === 'function' ? invalidations() : invalidations,
    ]);
    if (generation !== this.generation) return;
    this.contract = contract;
    this.invalidations = table;
    let firstSince = this.options.since?.();
    const socket = io(this.options.url ?? window.location.origin, {
      path: contract.SOCKET_PATH,
      transports: ['websocket'],
      // Read at every (re)connection, so a language chosen meanwhile counts.
      auth: (send) =>
        send({
          token,
          language: this.options.language?.(),
          ...(firstSince === undefined ? {} : { since: firstSince }),
        }),
      // Its own manager: a replaced session must not share the old one's connection.
      forceNew: true,
      // Backoff: 1 s, then doubling up to 10 s, each randomised by half so a restarted server
      // is not met by every client at once.
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 10_000,
      randomizationFactor: 0.5,
      // Made while the browser is offline (the page was still loading): waits for `resume`.
      autoConnect: !this.offline,
    });
    this.socket = socket;
    socket.on('connect', () => {
      const since = firstSince;
      firstSince = undefined;
      this.rooms.forEach((_, room) => this.register(socket, room, since));
      // What is on screen was fetched while no socket listened. On the first connection the
      // server says whether the rooms had events since the page started (CATCH_UP_EVENT and
      // the register acks); after a gap, or without a `since`, everything is caught up.
      if (since === undefined) void this.options.queryClient.invalidateQueries();
    });
    socket.on(contract.CATCH_UP_EVENT, (answer: CatchUp) => {
      if (answer?.missed !== false) void this.options.queryClient.invalidateQueries();
    });
    // The server closes a socket only when its session ended (signed out elsewhere, the password
    // changed on another device, the account deactivated): refetching what is on screen meets
    // the 401 that ends the session here too, at once rather than at the next click.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') void this.options.queryClient.invalidateQueries();
    });
    socket.onAny((event: string, payload: unknown) => this.apply(event, payload));
  }

  /**
   * Asks the server over the socket (answered through the ack); null when the socket is not
   * connected, and the caller goes over HTTP instead. Rejects when no answer comes in time.
   */
  async request<T>(event: string, payload: unknown, timeoutMs = 10_000) {
    const socket = this.socket;
    if (!socket?.connected) return null;
    return (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as SocketAnswer<T>;
  }

  disconnect(): void {
    this.generation += 1;
    this.token = null;
    this.socket?.disconnect();
    this.socket = null;
  }

  /** While the browser reports no network, waiting out backoff is pointless: stop, then resume. */
  pause(): void {
    this.offline = true;
    this.socket?.disconnect();
  }

  /**
   * Back online: reconnect, and refetch what is on screen now. Events may have come on a
   * socket that stayed up while their refetches waited for the network, or been missed while
   * it was down (the reconnect refetches again, which costs little and misses nothing).
   */
  resume(): void {
    this.offline = false;
    if (!this.socket) return;
    if (!this.socket.connected) this.socket.connect();
    void this.options.queryClient.invalidateQueries();
  }

  /** Listens to a room while a screen shows it; the returned function stops listening. */
  watch(room: string): () => void {
    const count = this.rooms.get(room) ?? 0;
    this.rooms.set(room, count + 1);
    if (count === 0 && this.socket?.connected)
      this.register(this.socket, room, this.options.serverNow?.());
    return () => {
      const left = (this.rooms.get(room) ?? 1) - 1;
      if (left > 0) {
        this.rooms.set(room, left);
        return;
      }
      this.rooms.delete(room);
      if (this.socket?.connected && this.contract)
        this.socket.emit(this.contract.UNREGISTER_EVENT, room);
    };
  }

  /**
   * Hears every valid event after its invalidations ran (for what is not cached data: someone
   * typing). The returned function stops listening.
   */
  listen(listener: (event: LiveEventName, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private register(socket: Socket, room: string, since?: number) {
    // A refusal (not a member, or no longer one) just means no events from that room.
    if (since === undefined) {
      socket.emit(this.contract!.REGISTER_EVENT, room, () => undefined);
      return;
    }
    socket.emit(
      this.contract!.REGISTER_EVENT,
      room,
      { since },
      (answer: CatchUp & { ok: boolean }) => {
        if (answer?.ok && answer.missed !== false)
          void this.options.queryClient.invalidateQueries();
      },
    );
  }

  private apply(name: string, payload: unknown) {
    const liveEvents = this.contract?.liveEvents;
    if (!liveEvents || !this.invalidations || !Object.hasOwn(liveEvents, name)) return;
    const event = name as LiveEventName;
    const parsed = liveEvents[event].safeParse(payload);
    if (!parsed.success) return;
    const keysOf = this.invalidations[event] as (payload: unknown) => QueryKey[];
    for (const queryKey of keysOf(parsed.data)) {
      void this.options.queryClient.invalidateQueries({ queryKey });
    }
    this.listeners.forEach((listener) => listener(event, parsed.data));
  }
}

const loadSocketClient = () => import('socket.io-client');
const loadContract = () => import('@contracts/realtime');
