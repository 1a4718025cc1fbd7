import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.createUser());
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface RouteCase {
  method: Method;
  url: string;
  /** A body that would be accepted, to derive broken variants from. */
  valid: Record<string, unknown>;
  /** Fields that may be left out (the others are required). */
  optional?: string[];
  /** Fields that accept any JSON value. */
  anyValue?: string[];
  signedIn?: boolean;
  query?: boolean;
}

const MEGABYTE_STRING = 'x'.repeat(1024 * 1024);
const routes: RouteCase[] = [
  {
    method: 'POST',
    url: '/api/v2/core/join/sign-up',
    valid: { email: 'new@example.com', password: 'long enough' },
  },
  {
    method: 'POST',
    url: '/api/v2/core/join/login',
    valid: { email: 'a@example.com', password: 'whatever' },
  },
  {
    method: 'POST',
    url: '/api/v2/core/join/login-2fa',
    valid: { login_token: 'x'.repeat(20), code: '123456' },
  },
  {
    method: 'POST',
    url: '/api/v2/core/join/login-with-enable',
    valid: { login_token: 'x'.repeat(20), code: '123456' },
  },
  { method: 'POST', url: '/api/v2/core/join/forget-password', valid: { email: 'a@example.com' } },
  {
    method: 'POST',
    url: '/api/v2/core/join/resend-verification',
    valid: { email: 'a@example.com' },
  },
  {
    method: 'POST',
    url: '/api/v2/core/join/reset-password',
    valid: { token: 'x'.repeat(20), password: 'long enough' },
  },
  { method: 'POST', url: '/api/v2/core/join/callback-to-login', valid: { code: 'c', state: 's' } },
  {
    method: 'POST',
    url: '/api/v2/core/otp',
    valid: { email: 'a@example.com', purpose: 'sign_in' },
  },
  {
    method: 'POST',
    url: '/api/v2/core/otp/verify',
    valid: { email: 'a@example.com', purpose: 'sign_in', code: '123456' },
  },
  {
    method: 'POST',
    url: '/api/v2/_logger_/logs',
    valid: { type: 'error', description: 'boom' },
    optional: ['description'],
  },
  { method: 'PATCH', url: '/api/v2/core/user', valid: { first_name: 'Ada' }, signedIn: true },
  {
    method: 'PATCH',
    url: '/api/v2/core/user/security',
    valid: { current_password: 'x', password: 'long enough' },
    signedIn: true,
  },
  {
    method: 'PUT',
    url: '/api/v2/core/user/timezone',
    valid: { timezone: 'Asia/Ho_Chi_Minh' },
    signedIn: true,
  },
  {
    method: 'POST',
    url: '/api/v2/core/user/configs',
    valid: { key: 'theme', value: 'dark' },
    signedIn: true,
    anyValue: ['value'],
    optional: ['value'],
  },
  {
    method: 'PUT',
    url: '/api/v2/core/user/2fa',
    valid: { action: 'enable', code: '123456' },
    signedIn: true,
  },
  {
    method: 'POST',
    url: '/api/v2/core/tours',
    valid: { name: 'workspaces', state: { status: 'finished' } },
    signedIn: true,
  },
  {
    method: 'GET',
    url: '/api/v2/core/timezones/similar',
    valid: { timezone: 'Europe/Paris' },
    query: true,
  },
];

/** Broken versions of a valid body: missing fields, wrong types, 1 MB strings, NUL characters. */
function brokenVariants(route: RouteCase): [string, unknown][] {
  const { valid, optional = [], anyValue = [] } = route;
  const variants: [string, unknown][] = [['empty body', {}]];
  for (const [field, value] of Object.entries(valid)) {
    const rest = { ...valid };
    delete rest[field];
    if (!optional.includes(field)) variants.push([`missing ${field}`, rest]);
    if (anyValue.includes(field)) continue;
    if (!route.query) variants.push([`${field} as an array`, { ...valid, [field]: [value] }]);
    variants.push([
      `${field} as a number`,
      { ...valid, [field]: typeof value === 'number' ? 'x' : 12345 },
    ]);
    if (typeof value === 'string') {
      variants.push([`${field} of 1 MB`, { ...valid, [field]: MEGABYTE_STRING }]);
      variants.push([`${field} with a NUL`, { ...valid, [field]: `${value}\u0000` }]);
    }
  }
  return variants;
}

describe('every route answers bad input with a 4xx and a message, and writes nothing', () => {
  for (const route of routes) {
    it(`${route.method} ${route.url}`, async () => {
      const before = await rowCounts(t.db);
      for (const [name, body] of brokenVariants(route)) {
        const headers = route.signedIn ? bearer(token) : {};
        const response = route.query
          ? await t.app.inject({
              method: route.method,
              url: route.url,
              headers,
              query: Object.fromEntries(
                Object.entries(body as Record<string, unknown>).map(([k, v]) => [
                  k,
                  String(v).slice(0, 100_000),
                ]),
              ),
            })
          : await t.app.inject({
              method: route.method,
              url: route.url,
              headers,
              payload: body as object,
            });
        expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, name).toBeLessThan(500);
        const messages = response.json().messages;
        expect(
          Array.isArray(messages) && typeof messages[0] === 'string' && messages[0].length > 0,
          name,
        ).toBe(true);
      }
      expect(await rowCounts(t.db)).toEqual(before);
    });
  }

  it('answers malformed JSON with 400 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages[0]).toMatch(/JSON/);
  });

  it('answers a wrong content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a</email>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().messages[0]).toBeTruthy();
  });

  it('gives messages in Vietnamese when the language header asks', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/sign-up',
      headers: { language: 'vi' },
      payload: { email: 'not-an-email', password: 'long enough' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email[0]).toBe('Nhập địa chỉ e-mail hợp lệ.');
  });

  it('keeps unicode names exactly', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/sign-up',
      payload: {
        email: 'nguyen@example.com',
        password: 'mật khẩu dài 🔒',
        first_name: 'Nguyễn Thị',
        last_name: 'Ánh 🌸',
      },
    });
    expect(response.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: 'nguyen@example.com', password: 'mật khẩu dài 🔒' },
    });
    expect(login.json().code).toBe('email_not_verified');
  });

  it('refuses signed-out callers of account routes with 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/v2/core/user'],
      ['PATCH', '/api/v2/core/user'],
      ['PUT', '/api/v2/core/user/deactivate'],
      ['DELETE', '/api/v2/core/user'],
      ['GET', '/api/v2/core/user/export-user-data'],
      ['GET', '/api/v2/core/tours'],
      ['POST', '/api/v2/core/join/logout'],
    ] as [Method, string][]) {
      const response = await t.app.inject({ method, url, headers: bearer('not-a-token') });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
