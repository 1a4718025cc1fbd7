import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createSecondApp, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
});
afterAll(() => t.close());

describe('rate limits on sign-in, sign-up, OTP and password reset', () => {
  for (const [url, payload] of [
    ['/api/v2/core/join/login', { email: 'x@example.com', password: 'guess' }],
    ['/api/v2/core/join/sign-up', { email: 'not valid', password: 'long enough' }],
    ['/api/v2/core/otp', { email: 'y@example.com', purpose: 'sign_in' }],
    ['/api/v2/core/join/forget-password', { email: 'z@example.com' }],
  ] as const) {
    it(`answers 429 with a message once ${url} is called too often`, async () => {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 5; i += 1) {
        last = await t.app.inject({ method: 'POST', url, payload, headers: { language: 'vi' } });
        statuses.push(last.statusCode);
      }
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(3)).toEqual([429, 429]);
      expect(last?.json().messages[0]).toMatch(/quá nhiều/);
    });
  }
});

const login = (app: TestApp, email: string, options: { from: string; forwardedFor?: string }) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v2/core/join/login',
    payload: { email, password: 'a wrong guess' },
    remoteAddress: options.from,
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);
let counter = 0;
const freshEmail = () => `limits-${Date.now()}-${(counter += 1)}@example.com`;
/** An address no other run shares, since Redis keeps buckets between runs. */
const randomAddress = () =>
  `2001:db8::${randomBytes(4)
    .toString('hex')
    .replace(/(....)/, '$1:')}`;

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const responses = [];
    for (let i = 0; i < 5; i += 1) {
      responses.push(
        await login(t, freshEmail(), { from: '198.51.100.7', forwardedFor: randomAddress() }),
      );
    }
    expect(statuses(responses)).toEqual([401, 401, 401, 429, 429]);
  });

  it('counts X-Forwarded-For from a trusted proxy: each client has its own budget', async () => {
    const behindProxy = await createTestApp({
      AUTH_RATE_LIMIT_MAX: '3',
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16',
    });
    try {
      const spread = [];
      for (let i = 0; i < 5; i += 1) {
        spread.push(
          await login(behindProxy, freshEmail(), {
            from: '10.0.0.1',
            forwardedFor: `198.51.100.${10 + i}`,
          }),
        );
      }
      expect(statuses(spread)).toEqual([401, 401, 401, 401, 401]);
      const oneClient = [];
      for (let i = 0; i < 4; i += 1) {
        oneClient.push(
          await login(behindProxy, freshEmail(), {
            from: '192.168.3.4',
            forwardedFor: '198.51.100.99',
          }),
        );
      }
      expect(statuses(oneClient)).toEqual([401, 401, 401, 429]);
    } finally {
      await behindProxy.close();
    }
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /TRUST_PROXY/,
    );
    expect(loadConfig({ TRUST_PROXY: '2', JWT_SECRET: 'x'.repeat(40) }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).TRUST_PROXY).toBe(false);
  });
});

describe('budgets per account', () => {
  it('guesses at one account spread over many addresses still run out', async () => {
    const email = freshEmail();
    const responses = [];
    for (let i = 0; i < 5; i += 1) {
      responses.push(await login(t, email, { from: `198.51.100.${100 + i}` }));
    }
    expect(statuses(responses)).toEqual([401, 401, 401, 429, 429]);
    expect(responses[4].json().code).toBe('too_many_requests');
  });

  it('e-mail code guesses at one account spread over many addresses still run out', async () => {
    const email = freshEmail();
    const responses = [];
    for (let i = 0; i < 5; i += 1) {
      responses.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/core/otp/verify',
          payload: { email, purpose: 'sign_in', code: String(100000 + i) },
          remoteAddress: `198.51.100.${150 + i}`,
        }),
      );
    }
    expect(statuses(responses)).toEqual([422, 422, 422, 429, 429]);
  });

  it('spending the sign-in budget does not block a password reset of the same account', async () => {
    const email = freshEmail();
    for (let i = 0; i < 4; i += 1) await login(t, email, { from: `198.51.100.${200 + i}` });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/forget-password',
      payload: { email },
      remoteAddress: '198.51.100.250',
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('secrets checked behind a session', () => {
  it('a stolen session cannot guess the password to delete the account', async () => {
    const { user, token } = await t.createUser();
    const responses = [];
    for (let i = 0; i < 4; i += 1) {
      responses.push(
        await t.app.inject({
          method: 'DELETE',
          url: '/api/v2/core/user',
          headers: { authorization: `Bearer ${token}` },
          payload: { password: `guess ${i}` },
          remoteAddress: `198.51.100.${60 + i}`,
        }),
      );
    }
    expect(statuses(responses)).toEqual([422, 422, 422, 429]);
    expect((await t.reloadUser(user.id)).deletedAt).toBeNull();
  });
});

describe('limits shared through Redis', () => {
  it('a Redis outage neither opens the gates nor turns sign-in into an error', async () => {
    const noRedis = await createTestApp({
      AUTH_RATE_LIMIT_MAX: '3',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    try {
      const email = freshEmail();
      const responses = [];
      for (let i = 0; i < 5; i += 1) responses.push(await login(noRedis, email, { from: '::1' }));
      expect(statuses(responses)).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await noRedis.close();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'two processes count one budget when REDIS_URL is set',
    async () => {
      const env = { AUTH_RATE_LIMIT_MAX: '3', REDIS_URL: process.env.TEST_REDIS_URL as string };
      const first = await createTestApp(env);
      const second = await createSecondApp(first, env);
      try {
        const email = freshEmail();
        const responses = [];
        for (let i = 0; i < 5; i += 1) {
          responses.push(await login(i % 2 ? second : first, email, { from: randomAddress() }));
        }
        expect(statuses(responses)).toEqual([401, 401, 401, 429, 429]);
      } finally {
        await second.close();
        await first.close();
      }
    },
  );
});
