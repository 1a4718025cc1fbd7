import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';

// Nothing a caller sees may tell whether an address has an account.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = '/api/v2/core';
let counter = 0;
const unknownEmail = () => `nobody-${Date.now()}-${(counter += 1)}@example.com`;
/** Status and body, with the address itself taken out. */
const seen = (response: { statusCode: number; body: string }, email: string) => ({
  status: response.statusCode,
  body: response.body.replaceAll(email, '<email>'),
});

describe('answers that do not tell who has an account', () => {
  it('sign-up answers alike, and the owner of a known address gets a mail saying so', async () => {
    const { user, password } = await t.createUser();
    const fresh = unknownEmail();
    const signUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `${api}/join/sign-up`,
        payload: { email, password: 'another password', first_name: 'Eve', accept_privacy: true },
      });
    const known = await signUp(user.email);
    const unknown = await signUp(fresh);
    expect(seen(known, user.email)).toEqual(seen(unknown, fresh));
    expect(known.statusCode).toBe(201);
    expect(known.json().resource.verification_required).toBe(true);

    const mail = await t.smtp.waitFor(user.email, (m) => /already have/i.test(m.subject));
    expect(linkIn(mail, '/signin')).toBeTruthy();
    expect(linkIn(mail, '/password/forgot').searchParams.get('email')).toBe(user.email);
    await t.smtp.waitFor(fresh, (m) => /verify/i.test(m.subject));
    // The account and its password are untouched.
    const login = await t.app.inject({
      method: 'POST',
      url: `${api}/join/login`,
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('two sign-ups of one new address at once both answer 201, and one account is made', async () => {
    const fresh = unknownEmail();
    const signUp = () =>
      t.app.inject({
        method: 'POST',
        url: `${api}/join/sign-up`,
        payload: { email: fresh, password: 'another password', accept_privacy: true },
      });
    const answers = await Promise.all([signUp(), signUp(), signUp()]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => seen(a, fresh).body)).size).toBe(1);
  });

  it('sign-up says the same in Vietnamese for both', async () => {
    const { user } = await t.createUser();
    const fresh = unknownEmail();
    const signUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `${api}/join/sign-up`,
        headers: { language: 'vi' },
        payload: { email, password: 'another password', accept_privacy: true },
      });
    const known = await signUp(user.email);
    const unknown = await signUp(fresh);
    expect(seen(known, user.email)).toEqual(seen(unknown, fresh));
    expect(known.json().messages[0]).toMatch(/kiểm tra e-mail/);
  });

  it('sign-in with a wrong password answers alike for known and unknown addresses', async () => {
    const { user } = await t.createUser();
    const sso = await t.createUser({ passwordHash: null });
    const fresh = unknownEmail();
    const login = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `${api}/join/login`,
        payload: { email, password: 'not the password' },
      });
    const unknown = seen(await login(fresh), fresh);
    expect(seen(await login(user.email), user.email)).toEqual(unknown);
    expect(seen(await login(sso.user.email), sso.user.email)).toEqual(unknown);
    expect(unknown.status).toBe(401);
  });

  it('forget-password, resend and e-mail codes answer alike for known and unknown', async () => {
    const verified = await t.createUser();
    const unverified = await t.createUser({ verified: false });
    const fresh = unknownEmail();
    for (const [url, extra] of [
      ['/join/forget-password', {}],
      ['/join/resend-verification', {}],
      ['/otp', { purpose: 'sign_in' }],
      ['/otp', { purpose: 'verify_email' }],
    ] as const) {
      const ask = (email: string) =>
        t.app.inject({ method: 'POST', url: `${api}${url}`, payload: { email, ...extra } });
      const unknown = seen(await ask(fresh), fresh);
      expect(unknown.status).toBe(200);
      expect(seen(await ask(verified.user.email), verified.user.email)).toEqual(unknown);
      expect(seen(await ask(unverified.user.email), unverified.user.email)).toEqual(unknown);
    }
  });

  it('prints how long sign-in takes for known and unknown addresses', async () => {
    const { user } = await t.createUser();
    const median = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const start = performance.now();
        await t.app.inject({
          method: 'POST',
          url: `${api}/join/login`,
          payload: { email, password: 'not the password' },
        });
        times.push(performance.now() - start);
      }
      return times.sort((x, y) => x - y)[3];
    };
    const known = await median(user.email);
    const unknown = await median(unknownEmail());
    console.log(
      `wrong-password sign-in, median of 7: known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`,
    );
    expect(known).toBeGreaterThan(0);
  });
});
