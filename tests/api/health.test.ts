import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

const REDIS_URL = process.env.TEST_REDIS_URL;

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('liveness answers without a sign-in and checks nothing else', async () => {
    for (const url of ['/api/v2/health/live', '/livez']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', uptime_seconds: expect.any(Number) });
    }
  });

  it('readiness, /health as before, and the root probes report the database', async () => {
    for (const url of ['/api/v2/health/ready', '/api/v2/health', '/readyz', '/healthz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'ok',
        database: { kind: t.database.kind, reachable: true },
      });
      expect(response.json().redis).toBeUndefined();
    }
  });

  it('a signed-in caller gets the same answer, and a bad token does not matter', async () => {
    const { token } = await t.createUser();
    for (const authorization of [`Bearer ${token}`, 'Bearer not-a-token']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v2/health/ready',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses other methods and unknown health paths with the JSON 404', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/api/v2/health/live', payload: {} });
    expect(post.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v2/health/everything' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('readiness with Redis configured', () => {
  it.skipIf(!REDIS_URL)('is ready while Redis answers', async () => {
    const t = await createTestApp({ REDIS_URL: REDIS_URL! });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json().redis).toEqual({ reachable: true });
    } finally {
      await t.close();
    }
  });

  it('is not ready (503) while Redis does not answer, and liveness stays up', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/v2/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        database: { reachable: true },
        redis: { reachable: false },
      });
      const live = await t.app.inject({ method: 'GET', url: '/api/v2/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
