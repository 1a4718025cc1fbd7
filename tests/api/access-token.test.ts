import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v2/core/user', headers: bearer(token) });

describe('access tokens, verified once', () => {
  it('accepts a token again, refuses it altered, and refuses it once expired', async () => {
    const { user, token } = await t.createUser();
    expect((await me(token)).json().resource.id).toBe(user.id);
    expect((await me(token)).json().resource.id).toBe(user.id);

    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await me(altered)).statusCode).toBe(401);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (t.config.ACCESS_TOKEN_TTL_DAYS + 1) * 86_400_000);
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect((await me(token)).statusCode).toBe(200);
  });
});
