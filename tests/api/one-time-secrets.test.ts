import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '@server/auth/password';
import { MAX_SECRET_ATTEMPTS } from '@server/auth/split-token';
import { oneTimeTokens, workspaceInvitations } from '@server/db/schema';
import { createOneTimeToken, MINUTES } from '@server/auth/one-time-tokens';
import { newInvitationToken } from '@server/modules/workspaces/invitations/invite';
import { createWorkspace } from '../support/factories';
import { linkIn } from '../support/smtp';
import { bearer, createSecondApp, createTestApp, type TestApp } from '../support/test-app';

// Two API processes on one database: a budget must hold across them, not per process.
let a: TestApp;
let b: Awaited<ReturnType<typeof createSecondApp>>;
beforeAll(async () => {
  a = await createTestApp();
  b = await createSecondApp(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const api = '/api/v2/core';
/** Apps A and B in turn, so the tries of one secret are spread over both processes. */
const either = (i: number) => (i % 2 === 0 ? a : b).app;
/** Another six-digit code than the right one. */
const wrongCode = (right: string, i: number) =>
  String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
/** The same token with a wrong verifier: what a guesser who saw the start of a link sends. */
const wrongToken = (right: string, i: number) =>
  right.slice(0, 16) + (right[16] === 'A' ? 'B' : 'A') + right.slice(17, -1) + String(i % 10);
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);
const TOO_MANY = MAX_SECRET_ATTEMPTS;

async function mailedCode(email: string, after: number) {
  const mail = await a.smtp.waitFor(
    email,
    (m) => /code/i.test(m.subject) && a.smtp.received.indexOf(m) >= after,
  );
  return mail.subject.match(/(\d{6})/)?.[1] as string;
}

describe('e-mail sign-in codes', () => {
  it('are spent by five wrong tries across two processes, then refuse the right code', async () => {
    const { user } = await a.createUser();
    const before = a.smtp.received.length;
    await a.app.inject({
      method: 'POST',
      url: `${api}/otp`,
      payload: { email: user.email, purpose: 'sign_in' },
    });
    const code = await mailedCode(user.email, before);
    const tries = [];
    for (let i = 0; i < TOO_MANY; i += 1) {
      tries.push(
        await either(i).inject({
          method: 'POST',
          url: `${api}/otp/verify`,
          payload: { email: user.email, purpose: 'sign_in', code: wrongCode(code, i) },
        }),
      );
    }
    expect(statuses(tries)).toEqual(Array(TOO_MANY).fill(422));
    const [row] = await a.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.email, user.email));
    expect(row.attempts).toBe(TOO_MANY);

    const right = await b.app.inject({
      method: 'POST',
      url: `${api}/otp/verify`,
      payload: { email: user.email, purpose: 'sign_in', code },
    });
    expect(right.statusCode).toBe(422);
    expect(right.headers['access-token']).toBeUndefined();
  });

  it('count tries made at the same moment: twenty at once still spend only five', async () => {
    const { user } = await a.createUser();
    const before = a.smtp.received.length;
    await a.app.inject({
      method: 'POST',
      url: `${api}/otp`,
      payload: { email: user.email, purpose: 'sign_in' },
    });
    const code = await mailedCode(user.email, before);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        either(i).inject({
          method: 'POST',
          url: `${api}/otp/verify`,
          payload: { email: user.email, purpose: 'sign_in', code: wrongCode(code, i) },
        }),
      ),
    );
    expect(new Set(statuses(burst))).toEqual(new Set([422]));
    const [row] = await a.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.email, user.email));
    expect(row.attempts).toBe(TOO_MANY);
    const right = await a.app.inject({
      method: 'POST',
      url: `${api}/otp/verify`,
      payload: { email: user.email, purpose: 'sign_in', code },
    });
    expect(right.statusCode).toBe(422);
  });

  it('sign in once: the right code a second time, from the other process, is refused', async () => {
    const { user } = await a.createUser();
    const before = a.smtp.received.length;
    await a.app.inject({
      method: 'POST',
      url: `${api}/otp`,
      payload: { email: user.email, purpose: 'sign_in' },
    });
    const code = await mailedCode(user.email, before);
    const payload = { email: user.email, purpose: 'sign_in', code };
    const first = await a.app.inject({ method: 'POST', url: `${api}/otp/verify`, payload });
    expect(first.statusCode).toBe(200);
    const second = await b.app.inject({ method: 'POST', url: `${api}/otp/verify`, payload });
    expect(second.statusCode).toBe(422);
  });
});

describe('the second factor of a sign-in (login-2fa)', () => {
  const secret = generateSecret();

  async function twoFactorAccount() {
    const person = await a.createUser({
      twoFactorSecret: secret,
      twoFactorEnabledAt: new Date(),
      recoveryCodes: [await hashSecret('abcde-12345')],
    });
    return person;
  }
  async function challenge(person: { user: { email: string }; password: string }) {
    const login = await a.app.inject({
      method: 'POST',
      url: `${api}/join/login`,
      payload: { email: person.user.email, password: person.password },
    });
    expect(login.json().resource.two_factor_required).toBe(true);
    return login.json().resource.login_token as string;
  }
  const secondFactor = (app: TestApp['app'], loginToken: string, code: string) =>
    app.inject({
      method: 'POST',
      url: `${api}/join/login-2fa`,
      payload: { login_token: loginToken, code },
    });

  it('is spent by five wrong codes across two processes; then the right TOTP is refused', async () => {
    const person = await twoFactorAccount();
    const loginToken = await challenge(person);
    const right = await generate({ secret });
    const tries = [];
    for (let i = 0; i < TOO_MANY; i += 1) {
      tries.push(await secondFactor(either(i), loginToken, wrongCode(right, i)));
    }
    expect(statuses(tries)).toEqual(Array(TOO_MANY).fill(422));
    const after = await secondFactor(b.app, loginToken, right);
    expect(after.statusCode).toBe(401);
    expect(after.headers['access-token']).toBeUndefined();
  });

  it('is spent by five wrong codes; then a right recovery code is refused and kept', async () => {
    const person = await twoFactorAccount();
    const loginToken = await challenge(person);
    for (let i = 0; i < TOO_MANY; i += 1) {
      expect((await secondFactor(either(i), loginToken, `zzzzz-0000${i}`)).statusCode).toBe(422);
    }
    expect((await secondFactor(b.app, loginToken, 'abcde-12345')).statusCode).toBe(401);
    expect((await a.reloadUser(person.user.id)).recoveryCodes).toHaveLength(1);
  });

  it('never takes the same TOTP code twice, even on a new sign-in in another process', async () => {
    const person = await twoFactorAccount();
    const code = await generate({ secret });
    const first = await secondFactor(a.app, await challenge(person), code);
    expect(first.statusCode).toBe(200);
    const replay = await secondFactor(b.app, await challenge(person), code);
    expect(replay.statusCode).toBe(422);
    expect(replay.headers['access-token']).toBeUndefined();
  });

  it('takes a recovery code once', async () => {
    const person = await twoFactorAccount();
    expect((await secondFactor(a.app, await challenge(person), 'abcde-12345')).statusCode).toBe(
      200,
    );
    expect((await secondFactor(b.app, await challenge(person), 'abcde-12345')).statusCode).toBe(
      422,
    );
  });

  it('is spent by five wrong codes when turning 2FA on while signing in', async () => {
    const person = await a.createUser({ twoFactorRequired: true });
    const login = await a.app.inject({
      method: 'POST',
      url: `${api}/join/login`,
      payload: { email: person.user.email, password: person.password },
    });
    const { login_token: loginToken, otpauth_url: otpauthUrl } = login.json().resource;
    const pending = new URL(otpauthUrl).searchParams.get('secret') as string;
    const right = await generate({ secret: pending });
    for (let i = 0; i < TOO_MANY; i += 1) {
      const wrong = await either(i).inject({
        method: 'POST',
        url: `${api}/join/login-with-enable`,
        payload: { login_token: loginToken, code: wrongCode(right, i) },
      });
      expect(wrong.statusCode).toBe(422);
    }
    const after = await b.app.inject({
      method: 'POST',
      url: `${api}/join/login-with-enable`,
      payload: { login_token: loginToken, code: right },
    });
    expect(after.statusCode).toBe(401);
    expect((await a.reloadUser(person.user.id)).twoFactorEnabledAt).toBeNull();
  });
});

describe('link tokens', () => {
  it('a password reset link is spent by five wrong tries, then refused, across processes', async () => {
    const { user, token: session } = await a.createUser();
    const before = a.smtp.received.length;
    await a.app.inject({
      method: 'POST',
      url: `${api}/join/forget-password`,
      payload: { email: user.email },
    });
    const mail = await a.smtp.waitFor(user.email, (m) => a.smtp.received.indexOf(m) >= before);
    const token = linkIn(mail, '/password/reset').searchParams.get('token') as string;
    const reset = (app: TestApp['app'], value: string) =>
      app.inject({
        method: 'POST',
        url: `${api}/join/reset-password`,
        payload: { token: value, password: 'a brand new password' },
      });
    const tries = [];
    for (let i = 0; i < TOO_MANY; i += 1) {
      tries.push(
        i % 2 === 0
          ? await reset(either(i), wrongToken(token, i))
          : await either(i).inject({
              method: 'GET',
              url: `${api}/join/verify-reset-password/${wrongToken(token, i)}`,
            }),
      );
    }
    expect(statuses(tries)).toEqual(Array(TOO_MANY).fill(410));
    expect((await reset(b.app, token)).statusCode).toBe(410);
    // The password did not change and the session still works.
    const me = await a.app.inject({ method: 'GET', url: `${api}/user`, headers: bearer(session) });
    expect(me.statusCode).toBe(200);
  });

  it('a password reset link works once, and looking at it does not use it up', async () => {
    const { user } = await a.createUser();
    const before = a.smtp.received.length;
    await a.app.inject({
      method: 'POST',
      url: `${api}/join/forget-password`,
      payload: { email: user.email },
    });
    const mail = await a.smtp.waitFor(user.email, (m) => a.smtp.received.indexOf(m) >= before);
    const token = linkIn(mail, '/password/reset').searchParams.get('token') as string;
    for (let i = 0; i < TOO_MANY + 2; i += 1) {
      const look = await either(i).inject({
        method: 'GET',
        url: `${api}/join/verify-reset-password/${token}`,
      });
      expect(look.statusCode).toBe(200);
    }
    const payload = { token, password: 'a brand new password' };
    const first = await a.app.inject({
      method: 'POST',
      url: `${api}/join/reset-password`,
      payload,
    });
    expect(first.statusCode).toBe(200);
    const second = await b.app.inject({
      method: 'POST',
      url: `${api}/join/reset-password`,
      payload,
    });
    expect(second.statusCode).toBe(410);
  });

  it('an e-mail verification link is spent by five wrong tries, then refused', async () => {
    const email = `verify-budget-${Date.now()}@example.com`;
    const before = a.smtp.received.length;
    await a.app.inject({
      method: 'POST',
      url: `${api}/join/sign-up`,
      payload: { email, password: 'long enough password', accept_privacy: true },
    });
    const mail = await a.smtp.waitFor(email, (m) => a.smtp.received.indexOf(m) >= before);
    const token = linkIn(mail, '/verify').searchParams.get('token') as string;
    for (let i = 0; i < TOO_MANY; i += 1) {
      const wrong = await either(i).inject({
        method: 'GET',
        url: `${api}/join/verify-email/${wrongToken(token, i)}`,
      });
      expect(wrong.statusCode).toBe(410);
    }
    const right = await b.app.inject({ method: 'GET', url: `${api}/join/verify-email/${token}` });
    expect(right.statusCode).toBe(410);
  });

  it('a one-click sign-in link is spent by five wrong tries, and otherwise works once', async () => {
    const { user } = await a.createUser();
    const link = (ttl = 10 * MINUTES) =>
      createOneTimeToken(a.db, 'sign_in_link', { userId: user.id, email: user.email, ttlMs: ttl });
    const signIn = (app: TestApp['app'], value: string) =>
      app.inject({ method: 'GET', url: `${api}/join/verify-token/${value}` });

    const guessed = await link();
    for (let i = 0; i < TOO_MANY; i += 1) {
      expect((await signIn(either(i), wrongToken(guessed, i))).statusCode).toBe(410);
    }
    expect((await signIn(b.app, guessed)).statusCode).toBe(410);

    const fresh = await link();
    expect((await signIn(a.app, fresh)).statusCode).toBe(200);
    expect((await signIn(b.app, fresh)).statusCode).toBe(410);
  });

  it('an e-mailed invitation is spent by five wrong tries, then refused to its invitee', async () => {
    const { workspace, owner } = await createWorkspace(a);
    const invitee = await a.createUser();
    const token = newInvitationToken(a.app.deps);
    await a.db.insert(workspaceInvitations).values({
      workspaceId: workspace.id,
      email: invitee.user.email,
      invitedBy: owner.user.id,
      expiresAt: new Date(Date.now() + 60 * MINUTES),
      ...token.columns,
    });
    for (let i = 0; i < TOO_MANY; i += 1) {
      const wrong =
        i % 2 === 0
          ? await either(i).inject({
              method: 'GET',
              url: `${api}/join/invitations/${wrongToken(token.raw, i)}`,
            })
          : await either(i).inject({
              method: 'POST',
              url: `${api}/join/join-to-workspace`,
              headers: bearer(invitee.token),
              payload: { token: wrongToken(token.raw, i) },
            });
      expect(wrong.statusCode).toBe(410);
    }
    const preview = await b.app.inject({
      method: 'GET',
      url: `${api}/join/invitations/${token.raw}`,
    });
    expect(preview.statusCode).toBe(410);
    const join = await b.app.inject({
      method: 'POST',
      url: `${api}/join/join-to-workspace`,
      headers: bearer(invitee.token),
      payload: { token: token.raw },
    });
    expect(join.statusCode).toBe(410);
  });

  it('an e-mailed invitation is used once: the right token joins, and then it is gone', async () => {
    const { workspace, owner } = await createWorkspace(a);
    const invitee = await a.createUser();
    const token = newInvitationToken(a.app.deps);
    await a.db.insert(workspaceInvitations).values({
      workspaceId: workspace.id,
      email: invitee.user.email,
      invitedBy: owner.user.id,
      expiresAt: new Date(Date.now() + 60 * MINUTES),
      ...token.columns,
    });
    const join = (app: TestApp['app']) =>
      app.inject({
        method: 'POST',
        url: `${api}/join/join-to-workspace`,
        headers: bearer(invitee.token),
        payload: { token: token.raw },
      });
    expect((await join(a.app)).statusCode).toBe(200);
    expect((await join(b.app)).statusCode).toBe(410);
  });
});
