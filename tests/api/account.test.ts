import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLogs, sessions } from '@server/db/schema';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the current user and their settings', () => {
  it('updates the profile fields and keeps privacy defaults of everyone', async () => {
    const { token } = await t.createUser();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/core/user',
      headers: { ...bearer(token), language: 'vi' },
      payload: {
        first_name: 'Linh',
        language: 'vi',
        privacy_options: { view_personality: 'only_me' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().messages).toEqual(['Đã lưu thay đổi của bạn.']);
    expect(response.json().resource.privacy_options).toEqual({
      view_profile: 'everyone',
      view_skill: 'everyone',
      view_availability: 'everyone',
      view_personality: 'only_me',
    });
  });

  it('changes the password only with the current one and signs other devices out', async () => {
    const { user, token, password } = await t.createUser();
    const otherDevice = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: user.email, password },
    });
    const otherToken = otherDevice.headers['access-token'] as string;
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/core/user/security',
      headers: bearer(token),
      payload: { current_password: 'not it', password: 'a new password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeTruthy();
    const right = await t.app.inject({
      method: 'PATCH',
      url: '/api/v2/core/user/security',
      headers: bearer(token),
      payload: { current_password: password, password: 'a new password' },
    });
    expect(right.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/core/user', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/core/user', headers: bearer(otherToken) }))
        .statusCode,
    ).toBe(401);
  });

  it('accepts the privacy policy and records when', async () => {
    const { token } = await t.createUser();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/core/user/accept-privacy',
      headers: bearer(token),
    });
    expect(response.json().resource.privacy_accepted_at).toMatch(/^\d{4}-/);
  });

  it('sets a known time zone and refuses an unknown one', async () => {
    const { token } = await t.createUser();
    const good = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/core/user/timezone',
      headers: bearer(token),
      payload: { timezone: 'Asia/Ho_Chi_Minh' },
    });
    expect(good.json().resource.timezone).toBe('Asia/Ho_Chi_Minh');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/core/user/timezone',
      headers: bearer(token),
      payload: { timezone: 'Mars/Olympus_Mons' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('stores configs per key and tours per name', async () => {
    const { token } = await t.createUser();
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/user/configs',
      headers: bearer(token),
      payload: { key: 'tables.tasks', value: { columns: ['name'] } },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/user/configs',
      headers: bearer(token),
      payload: { key: 'tables.tasks', value: { columns: ['name', 'status'] } },
    });
    const configs = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/user/configs',
      headers: bearer(token),
    });
    expect(configs.json().resource.configs).toEqual([
      { key: 'tables.tasks', value: { columns: ['name', 'status'] } },
    ]);

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/tours',
      headers: bearer(token),
      payload: { name: 'profile', state: { status: 'skipped', step: 4 } },
    });
    expect(saved.json().resource.tours.profile).toEqual({ status: 'skipped', step: 4 });
    const tours = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/tours',
      headers: bearer(token),
    });
    expect(tours.json().resource.tours).toMatchObject({
      profile: { status: 'skipped', step: 4 },
      workspaces: null,
    });
  });

  it('exports everything held about the user, without secrets', async () => {
    const { user, token } = await t.createUser({ bio: 'Teacher of maths' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/user/configs',
      headers: bearer(token),
      payload: { key: 'theme', value: 'dark' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/_logger_/logs',
      headers: bearer(token),
      payload: { type: 'error', action: 'load', description: 'chunk failed' },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/user/export-user-data',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment/);
    const data = response.json();
    expect(data.account).toMatchObject({
      email: user.email,
      bio: 'Teacher of maths',
      has_password: true,
    });
    expect(JSON.stringify(data)).not.toMatch(/scrypt\$/);
    expect(data.configs).toHaveLength(1);
    expect(data.client_logs[0]).toMatchObject({ description: 'chunk failed' });
    expect(data.sessions.length).toBeGreaterThan(0);
  });
});

describe('deactivation and deletion', () => {
  it('deactivation signs out everywhere and signing in again reactivates', async () => {
    const { user, token, password } = await t.createUser();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/core/user/deactivate',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/core/user', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().resource.user.is_deactivated).toBe(false);
    expect(login.json().messages[0]).toMatch(/active again/);
  });

  it('deletion needs the password, erases identity, frees the e-mail and blocks sign-in', async () => {
    const { user, token, password } = await t.createUser();
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/core/user',
      headers: bearer(token),
      payload: { password: 'wrong' },
    });
    expect(refused.statusCode).toBe(422);
    expect((await t.reloadUser(user.id)).deletedAt).toBeNull();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2/core/user',
      headers: bearer(token),
      payload: { password },
    });
    expect(deleted.statusCode).toBe(200);
    const row = await t.reloadUser(user.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.email).not.toBe(user.email);
    expect(row.passwordHash).toBeNull();
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/sign-up',
      payload: { email: user.email, password: 'fresh start 1' },
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('e-mail codes (OTP)', () => {
  it('verifies an address with a mailed code and signs the person in', async () => {
    const { user } = await t.createUser({ verified: false });
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/otp',
      payload: { email: user.email, purpose: 'verify_email' },
    });
    expect(ask.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(user.email, (m) => /code/i.test(m.subject));
    const code = mail.subject.match(/(\d{6})/)?.[1] as string;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/otp/verify',
      payload: {
        email: user.email,
        purpose: 'verify_email',
        code: code === '000000' ? '111111' : '000000',
      },
    });
    expect(wrong.statusCode).toBe(422);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/otp/verify',
      payload: { email: user.email, purpose: 'verify_email', code },
    });
    expect(right.statusCode).toBe(200);
    expect(right.headers['access-token']).toBeTruthy();
    expect((await t.reloadUser(user.id)).verifiedAt).not.toBeNull();
  });
});

describe('lookups, logs and health', () => {
  it('lists time zones and similar ones', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/v2/core/timezones' });
    expect(all.json().resource.timezones.length).toBeGreaterThan(300);
    const similar = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/timezones/similar?timezone=Asia/Ho_Chi_Minh',
    });
    const names = similar.json().resource.timezones.map((z: { name: string }) => z.name);
    expect(names).toContain('Asia/Bangkok');
    expect(names).not.toContain('Europe/London');
  });

  it('stores client log records with the signed-in user, not the claimed one', async () => {
    const { user, token } = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/_logger_/logs',
      headers: bearer(token),
      payload: {
        platform: 'web',
        tag: 'router',
        environment: 'production',
        type: 'error',
        url: '/tasks',
        action: 'load',
        description: 'client erorr',
        user_id: 999999,
      },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(clientLogs)
      .where(eq(clientLogs.id, response.json().resource.id));
    expect(row).toMatchObject({ userId: user.id, description: 'client erorr', type: 'error' });
  });

  it('reports database reachability, serves OpenAPI, and sends the security headers', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    expect(health.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
    expect(health.headers['x-request-id']).toBeTruthy();
    const csp = String(health.headers['content-security-policy']);
    expect(csp).toContain(
      "frame-ancestors 'self' https://teams.microsoft.com https://*.teams.microsoft.com",
    );
    expect(csp).not.toMatch(/frame-ancestors[^;]*\s\*(\s|;|$)/);
    const openapi = await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
    expect(openapi.json().openapi).toBe('3.1.0');
    expect(Object.keys(openapi.json().paths)).toContain('/api/v2/core/join/login');
    const docs = await t.app.inject({ method: 'GET', url: '/api/v2/docs' });
    expect(docs.statusCode).toBeLessThan(400);
  });
});
