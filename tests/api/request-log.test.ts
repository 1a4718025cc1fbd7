import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOneTimeToken, MINUTES } from '@server/auth/one-time-tokens';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

// Whatever the request log writes, at the level production uses.
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => t.close());

describe('the request log', () => {
  it('never holds the password of an account deletion', async () => {
    const password = 'Secret-Deletion-Password-42';
    const { token } = await t.createUser({ password });
    lines.length = 0;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/core/user',
      headers: bearer(token),
      payload: { password: `${password}-wrong` },
    });
    expect(refused.statusCode).toBe(422);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/core/user',
      headers: bearer(token),
      payload: { password },
    });
    expect(deleted.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/v2/core/user');
    expect(log).not.toContain(password);
  });

  it('keeps no query values and no tokens in paths, e.g. from an old client', async () => {
    const { user, token } = await t.createUser();
    const link = await createOneTimeToken(t.db, 'sign_in_link', {
      userId: user.id,
      ttlMs: 10 * MINUTES,
    });
    lines.length = 0;
    await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/core/user?password=Query-Secret-99&email=someone%40example.com',
      headers: bearer(token),
    });
    await t.app.inject({ method: 'GET', url: `/api/v2/core/join/verify-token/${link}` });
    await t.app.inject({ method: 'GET', url: `/api/v2/core/join/verify-reset-password/${link}` });
    const log = lines.join('');
    expect(log).toContain('/api/v2/core/user?password&email');
    expect(log).toContain('/api/v2/core/join/verify-token/:token');
    expect(log).not.toContain('Query-Secret-99');
    expect(log).not.toContain('someone');
    expect(log).not.toContain(link);
  });
});
