import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@server/db/schema';
import { signInAtProvider, startOidcProvider } from '../support/oidc-provider';
import { createTestApp, type TestApp } from '../support/test-app';

const APP_URL = 'http://localhost:3000';
let t: TestApp;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUri: `${APP_URL}/oauth/callback`,
    accounts: [
      {
        sub: 'grace',
        email: 'grace@example.com',
        email_verified: true,
        given_name: 'Grace',
        family_name: 'Hopper',
      },
      { sub: 'alan', email: 'alan@example.com', email_verified: true, given_name: 'Alan' },
    ],
  });
  t = await createTestApp({
    APP_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_DISPLAY_NAME: 'Campus login',
    OIDC_ALLOW_INSECURE_HTTP: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function signInThroughProvider(accountId: string) {
  const redirect = await t.app.inject({
    method: 'GET',
    url: '/api/v2/core/join/oauth/oidc/redirect',
  });
  expect(redirect.statusCode).toBe(200);
  const callback = await signInAtProvider(redirect.json().resource.url, accountId, APP_URL);
  expect(callback.pathname).toBe('/oauth/callback');
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/core/join/callback-to-login',
    payload: Object.fromEntries(callback.searchParams),
  });
}

describe('sign-in with an external OpenID Connect provider', () => {
  it('lists the configured provider for the sign-in button', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/join/oauth/providers',
    });
    expect(response.json().resource.providers).toEqual([{ id: 'oidc', name: 'Campus login' }]);
  });

  it('creates a verified account on first sign-in and signs in as it again later', async () => {
    const first = await signInThroughProvider('grace');
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-token']).toBeTruthy();
    expect(first.json().resource.user).toMatchObject({
      email: 'grace@example.com',
      first_name: 'Grace',
      last_name: 'Hopper',
      is_verified: true,
      has_password: false,
    });
    const second = await signInThroughProvider('grace');
    expect(second.json().resource.user.id).toBe(first.json().resource.user.id);
  });

  it('links to an existing verified password account with the same e-mail', async () => {
    const { user } = await t.createUser({ email: 'alan@example.com' });
    const response = await signInThroughProvider('alan');
    expect(response.statusCode).toBe(200);
    expect(response.json().resource.user.id).toBe(user.id);
    const [{ value }] = await t.db
      .select({ value: count() })
      .from(users)
      .where(eq(users.email, 'alan@example.com'));
    expect(value).toBe(1);
  });

  it('refuses a callback whose state was never issued, writing nothing', async () => {
    const [{ value: before }] = await t.db.select({ value: count() }).from(users);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/callback-to-login',
      payload: { code: 'made-up', state: 'never-issued' },
    });
    expect(response.statusCode).toBe(400);
    const [{ value: after }] = await t.db.select({ value: count() }).from(users);
    expect(after).toBe(before);
  });

  it('says clearly when no provider is configured', async () => {
    const bare = await createTestApp();
    const response = await bare.app.inject({
      method: 'GET',
      url: '/api/v2/core/join/oauth/oidc/redirect',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().messages[0]).toMatch(/not configured/);
    await bare.close();
  });
});
