import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_HEADER } from '@contracts/admin';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * The admin routes the operator's scripts call while the server owns the embedded database:
 * this machine only (the socket's address, no proxy between), with the server's token.
 * What the scripts do end to end is in data-dir-owner.test.ts.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = t.app.deps.adminToken!;
});
afterAll(() => t.close());

function admin(
  method: 'GET' | 'POST',
  url: string,
  options: {
    payload?: object;
    headers?: Record<string, string>;
    remoteAddress?: string;
    token?: string | null;
  } = {},
) {
  const given = options.token === undefined ? token : options.token;
  return t.app.inject({
    method,
    url: `/api/v2/admin${url}`,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: { ...(given === null ? {} : { [ADMIN_TOKEN_HEADER]: given }), ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

describe('admin routes: who may call them', () => {
  it('refuses a caller without the token, or with another, even a signed-in supervisor', async () => {
    const { user, token: supervisorToken } = await t.createUser({ role: 'supervisor' });
    for (const response of [
      await admin('POST', '/supervisors', { payload: { email: user.email }, token: null }),
      await admin('POST', '/supervisors', { payload: { email: user.email }, token: 'guess' }),
      await admin('GET', '/jobs/dead', { token: null, headers: bearer(supervisorToken) }),
      await admin('POST', '/backups', { token: `${token}x` }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('admin_token_refused');
    }
  });

  it('refuses another machine, and a proxy on this one, even with the token', async () => {
    const { user } = await t.createUser();
    const remote = await admin('POST', '/supervisors', {
      payload: { email: user.email },
      remoteAddress: '10.0.0.7',
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().code).toBe('admin_local_only');
    const proxied = await admin('POST', '/supervisors', {
      payload: { email: user.email },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.json().code).toBe('admin_local_only');
    const inVietnamese = await admin('GET', '/jobs/dead', {
      remoteAddress: '192.168.1.20',
      headers: { 'accept-language': 'vi' },
    });
    expect(inVietnamese.json().messages[0]).toMatch(/máy chủ/);
    // IPv6 loopback, and IPv4 loopback as a dual-stack socket reports it, are this machine.
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) {
      expect((await admin('GET', '/jobs/dead', { remoteAddress })).statusCode).toBe(200);
    }
    expect((await t.reloadUser(user.id)).role).toBe('user');
  });

  it('checks who calls before what they send', async () => {
    const response = await admin('POST', '/supervisors', { payload: { email: 3 }, token: null });
    expect(response.statusCode).toBe(403);
  });
});

describe('admin routes: what they do', () => {
  it('makes an account a supervisor with two-factor required, and names an unknown address', async () => {
    const { user } = await t.createUser();
    const made = await admin('POST', '/supervisors', {
      payload: { email: `  ${user.email.toUpperCase()} ` },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().resource).toEqual({ email: user.email });
    expect(await t.reloadUser(user.id)).toMatchObject({
      role: 'supervisor',
      twoFactorRequired: true,
    });
    const unknown = await admin('POST', '/supervisors', {
      payload: { email: 'nobody@example.com' },
      headers: { 'accept-language': 'vi' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messages[0]).toBe('Không có tài khoản nào dùng nobody@example.com.');
  });

  it('refuses bad input with the field named', async () => {
    for (const payload of [{}, { email: 'not an address' }, { email: 'a@b.co', role: 'x' }]) {
      const response = await admin('POST', '/supervisors', { payload });
      expect([400, 422]).toContain(response.statusCode);
    }
    const noEmail = await admin('POST', '/supervisors', { payload: { email: 'nope' } });
    expect(noEmail.statusCode).toBe(422);
    expect(Object.keys(noEmail.json().errors)).toEqual(['email']);
    for (const limit of ['0', '501', 'many']) {
      const response = await admin('GET', `/jobs/dead?limit=${limit}`);
      expect(response.statusCode).toBe(422);
    }
  });

  it('lists dead jobs, and refuses a backup of a database that is not embedded in DATA_DIR', async () => {
    const dead = await admin('GET', '/jobs/dead?limit=5');
    expect(dead.statusCode).toBe(200);
    expect(dead.json().resource).toEqual({ jobs: [] });
    // This app runs on an in-memory PGlite or on PostgreSQL: nothing in DATA_DIR to back up.
    const backup = await admin('POST', '/backups');
    expect(backup.statusCode).toBe(409);
    expect(backup.json().code).toBe('not_embedded');
  });
});
