import { decode, encode } from '@msgpack/msgpack';
import type { Redis } from 'ioredis';
import {
  ClusterAdapterWithHeartbeat,
  MessageType,
  type ClusterMessage,
  type ClusterResponse,
} from 'socket.io-adapter';
import type { Namespace } from 'socket.io';

/**
 * The Redis streams adapter of socket.io (@socket.io/redis-streams-adapter 0.2.3, same wire
 * format, so processes running either one understand each other), with the two faults that
 * made a fresh process deaf fixed (docs/decisions/chat.md):
 * - it read from `$` until it had read its first entry, so whatever was added between two of its
 *   reads was lost; here the first read starts after the stream's last id, taken before the
 *   process serves, and every later read after the last id read;
 * - it blocked in XREAD on the connection it also published on, so its own publishing waited
 *   behind the block; here reads have their own connection.
 */
export interface StreamsAdapterOptions {
  /** Hears the rooms of every broadcast another process sent (for RoomActivity). */
  onRemoteBroadcast?: (rooms: readonly string[]) => void;
  streamName?: string;
  maxLen?: number;
  readCount?: number;
  blockMs?: number;
}

type RawMessage = Record<string, string>;

export interface StreamsAdapterFactory {
  (nsp: Namespace): ClusterAdapterWithHeartbeat;
  /** Resolves once the reader knows where the stream ends: await it before serving. */
  ready: Promise<void>;
  close(): void;
}

export function createStreamsAdapter(
  publisher: Redis,
  opts: StreamsAdapterOptions = {},
): StreamsAdapterFactory {
  const options = {
    streamName: 'socket.io',
    maxLen: 10_000,
    readCount: 100,
    blockMs: 1000,
    onRemoteBroadcast: () => {},
    ...opts,
  };
  const reader = publisher.duplicate({ maxRetriesPerRequest: null });
  const adapters = new Map<string, StreamsAdapter>();
  let closed = false;
  let offset = '0-0';

  const start = (async () => {
    // The stream's end as it is now: everything added from here on is read.
    const last = (await reader.xrevrange(options.streamName, '+', '-', 'COUNT', 1)) as [
      string,
      string[],
    ][];
    if (last.length > 0) offset = last[0][0];
  })();
  // With Redis away at start nothing can be published either; the process serves after a
  // short wait and the reader starts from the stream's end once Redis answers.
  const ready = Promise.race([
    start.catch(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, 2000).unref()),
  ]);

  async function poll() {
    await start.catch(() => undefined);
    while (!closed) {
      try {
        const results = (await reader.xread(
          'COUNT',
          options.readCount,
          'BLOCK',
          options.blockMs,
          'STREAMS',
          options.streamName,
          offset,
        )) as [string, [string, string[]][]][] | null;
        for (const [id, fields] of results?.[0]?.[1] ?? []) {
          const message: RawMessage = {};
          for (let i = 0; i < fields.length; i += 2) message[fields[i]] = fields[i + 1];
          if (message.nsp) adapters.get(message.nsp)?.onRawMessage(message, id);
          offset = id;
        }
      } catch {
        if (closed) return;
        // Redis away: the offset is kept, so nothing added meanwhile is skipped once it is back.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
  void poll();

  // socket.io calls it with `new`: a plain function whose returned object wins.
  const factory = function (nsp: Namespace) {
    const adapter = new StreamsAdapter(nsp, publisher, options);
    adapters.set(nsp.name, adapter);
    const defaultClose = adapter.close.bind(adapter);
    adapter.close = () => {
      adapters.delete(nsp.name);
      return defaultClose();
    };
    return adapter;
  } as unknown as StreamsAdapterFactory;
  factory.ready = ready;
  factory.close = () => {
    closed = true;
    reader.disconnect();
  };
  return factory;
}

const MAY_CONTAIN_BINARY = new Set<number>([
  MessageType.BROADCAST,
  MessageType.FETCH_SOCKETS_RESPONSE,
  MessageType.SERVER_SIDE_EMIT,
  MessageType.SERVER_SIDE_EMIT_RESPONSE,
  MessageType.BROADCAST_ACK,
]);

class StreamsAdapter extends ClusterAdapterWithHeartbeat {
  constructor(
    nsp: Namespace,
    private readonly redis: Redis,
    private readonly opts: Required<StreamsAdapterOptions>,
  ) {
    super(nsp, { heartbeatInterval: 5000, heartbeatTimeout: 10_000 });
    this.init();
  }

  override doPublish(message: ClusterMessage): Promise<string> {
    const raw = encodeMessage(message);
    const args: (string | number)[] = [this.opts.streamName, 'MAXLEN', '~', this.opts.maxLen, '*'];
    for (const [key, value] of Object.entries(raw)) args.push(key, value);
    return this.redis.xadd(...(args as [string])) as Promise<string>;
  }

  override doPublishResponse(_requesterUid: string, response: ClusterResponse): Promise<void> {
    return this.doPublish(response as unknown as ClusterMessage).then(() => undefined);
  }

  onRawMessage(raw: RawMessage, offset: string) {
    let message: ClusterMessage;
    try {
      message = decodeMessage(raw);
    } catch {
      return;
    }
    if (message.uid !== this.uid && message.type === MessageType.BROADCAST) {
      this.opts.onRemoteBroadcast?.(message.data.opts.rooms);
    }
    this.onMessage(message, offset);
  }
}

function encodeMessage(message: ClusterMessage | ClusterResponse): RawMessage {
  const raw: RawMessage = { uid: message.uid, nsp: message.nsp, type: String(message.type) };
  const data = (message as { data?: unknown }).data;
  if (data !== undefined) {
    raw.data =
      MAY_CONTAIN_BINARY.has(message.type) && hasBinary(data)
        ? Buffer.from(encode(data)).toString('base64')
        : JSON.stringify(data);
  }
  return raw;
}

function decodeMessage(raw: RawMessage): ClusterMessage {
  const message = { uid: raw.uid, nsp: raw.nsp, type: parseInt(raw.type, 10) } as ClusterMessage;
  if (raw.data) {
    (message as { data?: unknown }).data = raw.data.startsWith('{')
      ? JSON.parse(raw.data)
      : decode(Buffer.from(raw.data, 'base64'));
  }
  return message;
}

function hasBinary(value: unknown, seenToJson = false): boolean {
  if (!value || typeof value !== 'object') return false;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true;
  if (Array.isArray(value)) return value.some((item) => hasBinary(item));
  for (const item of Object.values(value)) if (hasBinary(item)) return true;
  const toJSON = (value as { toJSON?: () => unknown }).toJSON;
  return typeof toJSON === 'function' && !seenToJson ? hasBinary(toJSON.call(value), true) : false;
}
