import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { linkIn } from '../support/smtp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

describe('sign-up, verify, sign-in, sign-out', () => {
  it('walks the whole loop over real SMTP and refuses the token after logout', async () => {
    const email = 'ada@example.com';
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/sign-up',
      headers: json,
      payload: { email, password: 'analytical engine', first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json().messages[0]).toMatch(/check your e-mail/i);

    const beforeVerify = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email, password: 'analytical engine' },
    });
    expect(beforeVerify.statusCode).toBe(403);
    expect(beforeVerify.json().code).toBe('email_not_verified');

    const mail = await t.smtp.waitFor(email);
    const link = linkIn(mail, '/verify');
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/join/verify-email/${link.searchParams.get('token')}`,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().resource.user.is_verified).toBe(true);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: 'ADA@example.com', password: 'analytical engine' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.headers['access-token'] as string;
    expect(token).toBeTruthy();
    const resource = login.json().resource;
    expect(resource.user.email).toBe(email);
    expect(resource.redirectToEnable).toBe(false);
    expect(resource.tours).toHaveProperty('workspaces', null);
    expect(typeof resource.profile_completion_percent).toBe('number');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/user',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().resource).toMatchObject({ email, first_name: 'Ada', is_deleted: false });
    expect(me.json().resource).not.toHaveProperty('password_hash');

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/user',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a wrong password with 401 and a message in Vietnamese when asked', async () => {
    const { user } = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      headers: { language: 'vi' },
      payload: { email: user.email, password: 'wrong password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().messages[0]).toBe('E-mail hoặc mật khẩu không đúng.');
  });
});

describe('two-factor authentication', () => {
  it('enables 2FA, then sign-in needs the code and a wrong code is refused', async () => {
    const { user, token, password } = await t.createUser();
    const setup = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/core/user/2fa',
      headers: bearer(token),
      payload: { action: 'setup' },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url: otpauthUrl, qr_code: qrCode } = setup.json().resource;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);

    const enable = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/core/user/2fa',
      headers: bearer(token),
      payload: { action: 'enable', code: await generate({ secret }) },
    });
    expect(enable.statusCode).toBe(200);
    const recoveryCodes: string[] = enable.json().resource.recovery_codes;
    expect(recoveryCodes).toHaveLength(10);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-token']).toBeUndefined();
    const challenge = login.json().resource;
    expect(challenge).toMatchObject({ user: null, two_factor_required: true });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login-2fa',
      payload: { login_token: challenge.login_token, code: '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.headers['access-token']).toBeUndefined();

    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login-2fa',
      // Turning 2FA on spent the current time step; the next one is still within the drift.
      payload: {
        login_token: challenge.login_token,
        code: await generate({ secret, epoch: Date.now() / 1000 + 30 }),
      },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['access-token']).toBeTruthy();

    // A recovery code works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: user.email, password },
    });
    const byRecovery = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login-2fa',
      payload: { login_token: again.json().resource.login_token, code: recoveryCodes[0] },
    });
    expect(byRecovery.statusCode).toBe(200);
    expect((await t.reloadUser(user.id)).recoveryCodes).toHaveLength(9);
  });

  it('makes a supervisor turn 2FA on while signing in (redirectToEnable)', async () => {
    const { user, password } = await t.createUser({ role: 'supervisor', twoFactorRequired: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: user.email, password },
    });
    const challenge = login.json().resource;
    expect(challenge.redirectToEnable).toBe(true);
    const secret = new URL(challenge.otpauth_url).searchParams.get('secret') as string;
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login-with-enable',
      payload: { login_token: challenge.login_token, code: await generate({ secret }) },
    });
    expect(enable.statusCode).toBe(200);
    expect(enable.headers['access-token']).toBeTruthy();
    expect((await t.reloadUser(user.id)).twoFactorEnabledAt).not.toBeNull();
  });
});

describe('password reset', () => {
  it('resets through the mailed link and revokes old sessions', async () => {
    const { user, token } = await t.createUser();
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/forget-password',
      payload: { email: user.email },
    });
    expect(ask.statusCode).toBe(200);
    const resetToken = linkIn(await t.smtp.waitFor(user.email), '/password/reset').searchParams.get(
      'token',
    ) as string;
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/join/verify-reset-password/${resetToken}`,
    });
    expect(check.json().resource.email).toBe(user.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/reset-password',
      payload: {
        token: resetToken,
        password: 'a brand new secret',
        password_confirmation: 'a brand new secret',
      },
    });
    expect(reset.statusCode).toBe(200);
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/reset-password',
      payload: { token: resetToken, password: 'another secret 123' },
    });
    expect(reuse.statusCode).toBe(410);
    const oldSession = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/user',
      headers: bearer(token),
    });
    expect(oldSession.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: user.email, password: 'a brand new secret' },
    });
    expect(login.statusCode).toBe(200);
  });
});
