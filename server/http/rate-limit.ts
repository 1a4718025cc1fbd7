import { createRequire } from 'node:module';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors';
import type { App } from './types';

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: StoreResult) => void;
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: Record<string, unknown>): Store;
}
interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

// The plugin's own stores; it has no typed export for them.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

const OUTAGE_LOG_INTERVAL_MS = 60_000;
const REDIS_READY_TIMEOUT_MS = 5_000;

/**
 * Counts in Redis so every process shares one budget; while Redis cannot answer it counts in
 * this process instead (docs/decisions/rate-limits.md): the gates stay shut, only per process.
 */
class RedisWithLocalFallback implements Store {
  private static lastOutageLog = 0;

  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly log: FastifyBaseLogger,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number) {
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        if (Date.now() - RedisWithLocalFallback.lastOutageLog > OUTAGE_LOG_INTERVAL_MS) {
          RedisWithLocalFallback.lastOutageLog = Date.now();
          this.log.warn({ err: error }, 'Rate limits: Redis unreachable, counting in-process');
        }
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Record<string, unknown>) {
    return new RedisWithLocalFallback(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.log,
    );
  }
}

/** Registers @fastify/rate-limit (opt-in per route), shared through the app's Redis when configured. */
export async function registerRateLimits(app: App, redis: Redis | undefined) {
  let store;
  if (redis) {
    // Without an offline queue, commands sent before the connection is up would fail and be
    // counted in-process: wait for it (or its first failure) before serving.
    if (redis.status !== 'ready') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, REDIS_READY_TIMEOUT_MS);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        redis.once('ready', done);
        redis.once('error', done);
      });
    }
    const log = app.log;
    const shared = redis;
    store = class extends RedisWithLocalFallback {
      constructor(options: unknown) {
        const params = options as StoreParams;
        super(
          new RedisStore(params.continueExceeding, params.exponentialBackoff, shared),
          new LocalStore(params.continueExceeding, params.exponentialBackoff),
          log,
        );
      }
    };
  }
  await app.register(rateLimit, {
    global: false,
    // The plugin's type leaves out the window and maximum it passes to `incr`.
    store: store as unknown as RateLimitPluginOptions['store'],
    errorResponseBuilder: () => tooManyRequests(),
  });
}

/**
 * A budget per route keyed by what is attacked rather than who sends it (an account, a token
 * subject), so guesses spread over many addresses still run out. Call it with the key once it
 * is known; it throws 429 when the key is over budget.
 */
export function keyedLimit(
  app: App,
  name: string,
  options: { max: number; timeWindow: number },
): (request: FastifyRequest, key: string) => Promise<void> {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    ...options,
    // Per route too: spending the sign-in budget must not also block a password reset.
    keyGenerator: (request) => `${name}:${request.routeOptions.url}:${keys.get(request)}`,
  });
  return async (request, key) => {
    keys.set(request, key);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests();
  };
}
