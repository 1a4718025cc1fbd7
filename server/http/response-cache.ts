import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';

/** None is kept longer, whatever its version says: a bound on anything the version misses. */
const KEPT_AT_MOST_MS = 5 * 60_000;

/** What a kept answer is valid for: a number or text that grows or changes with each change. */
type Version = number | string;

interface Kept {
  version: Version;
  body: string;
  /** Read against the wall clock (`Date.now`), as the answer's own times are. */
  validUntil: number;
}

/** What a route builds on a miss: the answer, and until when it stays right if nothing changes. */
export interface Built {
  body: unknown;
  /** A time (ms since the epoch) at which the answer changes by itself (a deadline passing). */
  validUntil?: number;
}

/**
 * Answers kept in memory, serialised, and served again while their `version` is the same: a
 * value the route reads anyway that grows with every change the answer depends on (a
 * workspace's change count, server/core/workspace-changes.ts). Nothing is invalidated by hand,
 * so every process of a deployment stays right on its own. The least recently used answers go
 * past `maxBytes` (0 keeps none), and none is kept longer than five minutes. Keys start with
 * the route's own name. For answers without messages: those are translated per request before
 * serialisation, which a kept answer skips.
 */
export function responseCache(options: { maxBytes: number }) {
  const kept =
    options.maxBytes > 0
      ? new LRUCache<string, Kept>({
          maxSize: options.maxBytes,
          sizeCalculation: (entry, key) => entry.body.length + key.length,
          ttl: KEPT_AT_MOST_MS,
        })
      : undefined;
  const send = (reply: FastifyReply, body: string) =>
    reply.type('application/json; charset=utf-8').send(body);

  return {
    /**
     * The answer kept under `key` for `version`, or the one `build` makes, kept for next time.
     * Without a version (none was read), the answer is built and not kept.
     */
    async answer(
      reply: FastifyReply,
      key: string,
      version: Version | undefined,
      build: () => Promise<Built> | Built,
    ): Promise<FastifyReply> {
      const hit = kept?.get(key);
      if (version !== undefined && hit?.version === version && Date.now() < hit.validUntil)
        return send(reply, hit.body);
      const { body, validUntil } = await build();
      // The route's response schema checks and serialises it, as it would the object.
      const text = reply.serialize(body) as string;
      if (version !== undefined)
        kept?.set(key, { version, body: text, validUntil: validUntil ?? Infinity });
      return send(reply, text);
    },
  };
}

export type ResponseCache = ReturnType<typeof responseCache>;

/** The app's one cache of kept answers, in the memory `RESPONSE_CACHE_MB` gives it. */
export const keptAnswersFor = (config: { RESPONSE_CACHE_MB: number }) =>
  responseCache({ maxBytes: config.RESPONSE_CACHE_MB * 1_048_576 });
