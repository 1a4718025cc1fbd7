import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The process's one Redis connection (rate limits, readiness), when REDIS_URL is set. Commands
 * fail fast while Redis is away (no offline queue), so callers fall back instead of waiting;
 * the client reconnects by itself meanwhile.
 */
export function openRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (error: Error) => log.debug({ err: error }, 'redis unavailable'));
  return redis;
}
