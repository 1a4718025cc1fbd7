import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, userIdentities } from '@server/db/schema';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startEntraStandIn,
  TENANT_A,
  TENANT_B,
  type EntraStandIn,
} from '../teams-host/entra';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

// MSAL only talks to an HTTPS authority, so the stand-in uses a self-signed certificate that
// this test process (and nothing else) is told to accept.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

let entra: EntraStandIn;
let t: TestApp;

beforeAll(async () => {
  entra = await startEntraStandIn({ https: true });
  process.env.M365_GRAPH_URL = entra.url;
  t = await createTestApp({
    M365_CLIENT_ID: CLIENT_ID,
    M365_CLIENT_SECRET: CLIENT_SECRET,
    M365_TENANT_ID: TENANT_A,
    M365_AUTHORITY_HOST: entra.url,
    M365_APPLICATION_ID_URI: `api://teamloop.example/${CLIENT_ID}`,
  });
});
afterAll(async () => {
  await t.close();
  await entra.close();
});

const exchange = (app: TestApp, token: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/auth/teams/exchange',
    headers,
    payload: { token },
  });

describe('Teams SSO exchange', () => {
  it('signs a first-time Teams user in without a password and answers like join/login', async () => {
    const oid = randomUUID();
    entra.setPhoto(oid, PNG);
    const response = await exchange(
      t,
      await entra.ssoToken({ oid, name: 'Mai Thi Nguyen', preferred_username: 'mai@contoso.test' }),
    );
    expect(response.statusCode).toBe(200);
    const token = response.headers['access-token'] as string;
    expect(token).toBeTruthy();
    const resource = response.json().resource;
    expect(resource).toMatchObject({
      redirectToEnable: false,
      two_factor_required: false,
      user: {
        email: 'mai@contoso.test',
        first_name: 'Mai',
        last_name: 'Thi Nguyen',
        is_verified: true,
        has_password: false,
      },
    });
    expect(resource.tours).toHaveProperty('workspaces', null);
    expect(typeof resource.profile_completion_percent).toBe('number');
    // The Microsoft 365 photo became the picture, stored and served like an uploaded one.
    expect(resource.user.avatar_url).toMatch(/^\/api\/v2\/core\/avatars\/[0-9a-f-]{36}\.png$/);
    const picture = await t.app.inject({ method: 'GET', url: resource.user.avatar_url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(PNG)).toBe(true);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/user',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().resource.email).toBe('mai@contoso.test');
    const [identity] = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, oid));
    expect(identity).toMatchObject({ provider: `entra:${TENANT_A}`, userId: resource.user.id });
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, resource.user.id));
    expect(session.via).toBe('teams_sso');
  });

  it('signs the same person in again as the same user, without asking Graph twice', async () => {
    const oid = randomUUID();
    entra.setPhoto(oid, PNG);
    const first = await exchange(t, await entra.ssoToken({ oid }));
    const calls = entra.oboCalls();
    const before = await rowCounts(t.db);
    const second = await exchange(t, await entra.ssoToken({ oid }));
    expect(second.statusCode).toBe(200);
    expect(second.json().resource.user.id).toBe(first.json().resource.user.id);
    expect(entra.oboCalls()).toBe(calls);
    const after = await rowCounts(t.db);
    expect(after.users).toBe(before.users);
    expect(after.user_identities).toBe(before.user_identities);
    expect(after.sessions).toBe(before.sessions + 1);
  });

  it('links a first SSO to the verified password account with the same e-mail', async () => {
    const { user, password } = await t.createUser({
      email: 'lan.tran@contoso.test',
      avatarUrl: 'https://pictures.example.com/lan.png',
    });
    const oid = randomUUID();
    entra.setPhoto(oid, PNG);
    const before = await rowCounts(t.db);
    const response = await exchange(
      t,
      await entra.ssoToken({ oid, preferred_username: 'Lan.Tran@contoso.test', name: 'Lan Tran' }),
    );
    expect(response.statusCode).toBe(200);
    // Her own picture stays: the Microsoft 365 photo only fills an empty one.
    expect(response.json().resource.user).toMatchObject({
      id: user.id,
      has_password: true,
      avatar_url: 'https://pictures.example.com/lan.png',
    });
    const after = await rowCounts(t.db);
    expect(after.users).toBe(before.users);
    expect(after.user_identities).toBe(before.user_identities + 1);
    const [link] = await t.db
      .select()
      .from(userIdentities)
      .where(
        and(eq(userIdentities.userId, user.id), eq(userIdentities.provider, `entra:${TENANT_A}`)),
      );
    expect(link).toBeTruthy();

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/core/join/login',
      payload: { email: user.email, password },
    });
    expect(login.statusCode).toBe(200);
  });

  it("does not let a guest's unverified address take over an account", async () => {
    const { user } = await t.createUser({ email: 'guest.owner@example.com' });
    const before = await rowCounts(t.db);
    const response = await exchange(
      t,
      await entra.ssoToken({
        preferred_username: 'guest.owner@example.com',
        idp: 'https://sts.windows.net/9188040d-6c67-4c5b-b112-36a304b66dad/',
      }),
    );
    expect(response.statusCode).toBe(409);
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await t.reloadUser(user.id)).avatarUrl).toBeNull();
  });

  it('asks for consent with 403 consent_required when the on-behalf-of grant needs it', async () => {
    const oid = randomUUID();
    entra.requireConsent(oid);
    const token = await entra.ssoToken({ oid, preferred_username: 'consent@contoso.test' });
    const before = await rowCounts(t.db);
    const refused = await exchange(t, token, { language: 'vi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('consent_required');
    expect(refused.json().messages[0]).toMatch(/cho phép/);
    expect(refused.headers['access-token']).toBeUndefined();
    expect(await rowCounts(t.db)).toEqual(before);

    // The consent pop-up goes through our redirect to Entra ID and comes back.
    const consent = await t.app.inject({
      method: 'GET',
      url: `/auth/teams/consent?tenant=${TENANT_A}&state=${'s'.repeat(24)}&login_hint=consent@contoso.test`,
    });
    expect(consent.statusCode).toBe(302);
    const authorize = new URL(consent.headers.location as string);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(
      `${entra.url}/${TENANT_A}/oauth2/v2.0/authorize`,
    );
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      new URL('/tabs/auth-end.html', t.config.APP_URL).toString(),
    );
    expect(authorize.searchParams.get('state')).toBe('s'.repeat(24));
    await fetch(authorize, { redirect: 'manual' });

    const accepted = await exchange(t, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().resource.user.email).toBe('consent@contoso.test');
  });

  it('asks for a second factor when the linked account has two-factor authentication on', async () => {
    const { user } = await t.createUser({
      email: 'two.factor@contoso.test',
      twoFactorEnabledAt: new Date(),
      twoFactorSecret: 'JBSWY3DPEHPK3PXP',
    });
    const response = await exchange(
      t,
      await entra.ssoToken({ preferred_username: 'two.factor@contoso.test' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-token']).toBeUndefined();
    expect(response.json().resource).toMatchObject({ user: null, two_factor_required: true });
    expect(response.json().resource.login_token).toEqual(expect.any(String));
    const opened = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(opened).toHaveLength(1); // only the one createUser made
  });

  describe('refuses with 401 and writes nothing', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const cases: [string, () => Promise<string>, string][] = [
      [
        'an expired token',
        () => entra.ssoToken({ iat: now() - 7200, nbf: now() - 7200, exp: now() - 3600 }),
        'teams_token_expired',
      ],
      ['a forged signature', () => entra.ssoToken({}, { forged: true }), 'teams_token_invalid'],
      [
        'a wrong audience',
        () => entra.ssoToken({ aud: '00000003-0000-0000-c000-000000000000' }),
        'teams_token_invalid',
      ],
      [
        'a wrong issuer',
        () => entra.ssoToken({ iss: `https://sts.windows.net/${TENANT_A}/` }),
        'teams_token_invalid',
      ],
      ['another tenant', () => entra.ssoToken({ tid: TENANT_B }), 'teams_tenant_not_allowed'],
      [
        'a token without access_as_user',
        () => entra.ssoToken({ scp: 'User.Read email' }),
        'teams_scope_missing',
      ],
      [
        'a token not requested by a Microsoft 365 host',
        () => entra.ssoToken({ azp: randomUUID() }),
        'teams_client_not_allowed',
      ],
      [
        'a token that is not yet valid',
        () => entra.ssoToken({ nbf: now() + 3600 }),
        'teams_token_invalid',
      ],
      ['something that is not a JWT', async () => 'not-a-token', 'teams_token_invalid'],
    ];
    it.each(cases)('%s', async (_name, makeToken, code) => {
      const before = await rowCounts(t.db);
      const response = await exchange(t, await makeToken());
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(code);
      expect(response.json().messages[0]).toEqual(expect.any(String));
      expect(response.headers['access-token']).toBeUndefined();
      expect(await rowCounts(t.db)).toEqual(before);
    });

    it('says so in Vietnamese when asked', async () => {
      const response = await exchange(
        t,
        await entra.ssoToken({ iat: now() - 7200, nbf: now() - 7200, exp: now() - 3600 }),
        { 'accept-language': 'vi-VN,vi;q=0.9' },
      );
      expect(response.statusCode).toBe(401);
      expect(response.json().messages[0]).toBe(
        'Phiên đăng nhập Microsoft Teams của bạn đã hết hạn. Hãy mở lại thẻ để thử lại.',
      );
    });
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await rowCounts(t.db);
    for (const payload of [{}, { token: '' }, { token: 42 }, { token: 'x'.repeat(20_000) }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/teams/exchange',
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toHaveProperty('token');
    }
    const consent = await t.app.inject({
      method: 'GET',
      url: `/auth/teams/consent?tenant=not-a-tenant&state=short`,
    });
    expect(consent.statusCode).toBe(422);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('a multi-tenant app without a client secret', () => {
  let multi: TestApp;
  beforeAll(async () => {
    multi = await createTestApp({
      M365_CLIENT_ID: CLIENT_ID,
      M365_TENANT_ID: 'common',
      M365_AUTHORITY_HOST: entra.url,
    });
  });
  afterAll(() => multi.close());

  it('accepts any tenant and keeps the same object id in two tenants apart', async () => {
    const oid = randomUUID();
    const inA = await exchange(
      multi,
      await entra.ssoToken({ oid, tid: TENANT_A, preferred_username: 'an@a.test' }),
    );
    const inB = await exchange(
      multi,
      await entra.ssoToken({ oid, tid: TENANT_B, preferred_username: 'binh@b.test' }),
    );
    expect(inA.statusCode).toBe(200);
    expect(inB.statusCode).toBe(200);
    expect(inA.json().resource.user.id).not.toBe(inB.json().resource.user.id);
    expect(inA.json().resource.user.avatar_url).toBeNull();
    const providers = await multi.db
      .select({ provider: userIdentities.provider })
      .from(userIdentities)
      .where(eq(userIdentities.subject, oid));
    expect(providers.map((row) => row.provider).sort()).toEqual(
      [`entra:${TENANT_A}`, `entra:${TENANT_B}`].sort(),
    );
  });
});

describe('a server without Teams SSO', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('answers 404 provider_not_configured and writes nothing', async () => {
    const before = await rowCounts(plain.db);
    const response = await exchange(plain, await entra.ssoToken());
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('provider_not_configured');
    expect(await rowCounts(plain.db)).toEqual(before);
  });
});

describe('limits of the exchange', () => {
  // A school or company reaches us from one egress address; tokens are signed, so only the
  // person (tenant and object id) and refused tokens are limited.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      M365_CLIENT_ID: CLIENT_ID,
      M365_TENANT_ID: 'common',
      M365_AUTHORITY_HOST: entra.url,
      AUTH_RATE_LIMIT_MAX: '3',
    });
  });
  afterAll(() => limited.close());
  const fromEgress = async (token: unknown) =>
    limited.app.inject({
      method: 'POST',
      url: '/auth/teams/exchange',
      payload: { token },
      remoteAddress: '198.51.100.20',
    });

  it('signs in many people from one address at 9:00', async () => {
    const statuses = [];
    for (let i = 0; i < 12; i += 1) {
      const token = await entra.ssoToken({ oid: randomUUID(), tid: TENANT_A });
      statuses.push((await fromEgress(token)).statusCode);
    }
    expect(statuses).toEqual(Array(12).fill(200));
  });

  it('limits one person signing in over and over, whatever the address', async () => {
    const oid = randomUUID();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/auth/teams/exchange',
        payload: { token: await entra.ssoToken({ oid, tid: TENANT_A }) },
        remoteAddress: `198.51.100.${30 + i}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('gives refused tokens a larger budget per address, and good tokens still pass', async () => {
    const statuses = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await fromEgress('not a jwt')).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
    const good = await fromEgress(await entra.ssoToken({ oid: randomUUID(), tid: TENANT_A }));
    expect(good.statusCode).toBe(200);
  });
});
