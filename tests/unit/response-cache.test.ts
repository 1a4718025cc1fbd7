import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { responseCache, type Built } from '@server/http/response-cache';

afterEach(() => vi.useRealTimers());

/** A route that answers through the cache with the version and expiry the test sets. */
function appWith(maxBytes: number) {
  const cache = responseCache({ maxBytes });
  const state: { version: number | string | undefined; validUntil?: number; builds: number } = {
    version: 1,
    builds: 0,
  };
  const app = Fastify();
  app.get('/list', (_request, reply) =>
    cache.answer(reply, 'list', state.version, (): Built => {
      state.builds += 1;
      return { body: { build: state.builds }, validUntil: state.validUntil };
    }),
  );
  const read = async () => (await app.inject('/list')).json<{ build: number }>().build;
  return { state, read };
}

describe('kept answers', () => {
  it('serves the kept answer while the version is the same, and builds anew when it moves', async () => {
    const { state, read } = appWith(1_000_000);
    expect([await read(), await read()]).toEqual([1, 1]);
    state.version = 'another';
    expect([await read(), await read()]).toEqual([2, 2]);
  });

  it('builds every time without a version, or without memory', async () => {
    const unversioned = appWith(1_000_000);
    unversioned.state.version = undefined;
    expect([await unversioned.read(), await unversioned.read()]).toEqual([1, 2]);
    const none = appWith(0);
    expect([await none.read(), await none.read()]).toEqual([1, 2]);
  });

  it('builds anew once the answer says it has gone stale by itself', async () => {
    const { state, read } = appWith(1_000_000);
    state.validUntil = Date.now() + 60_000;
    expect(await read()).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'], now: state.validUntil + 1 });
    expect(await read()).toBe(2);
  });
});
