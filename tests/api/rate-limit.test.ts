import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

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
