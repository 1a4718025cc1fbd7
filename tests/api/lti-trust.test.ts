import { and, eq } from 'drizzle-orm';
import type { JSONWebKeySet } from 'jose';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ltiPlatforms,
  sessions,
  userIdentities,
  users,
  workspaceMembers,
  type UserRow,
} from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { ROLE, startLtiPlatform, type LtiPlatform } from '../support/lti-platform';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 27, "Trust that holds": a plugin an owner registers cannot sign anyone in to an
 * existing account, a launch alone never signs in a supervisor, and only approved plugins
 * widen frame-ancestors (docs/decisions/lti.md, "Trust").
 */
let t: TestApp;
let supervisor: Awaited<ReturnType<TestApp['createUser']>>;
let owner: Awaited<ReturnType<TestApp['createUser']>>;
const platforms: LtiPlatform[] = [];
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const API = '/api/v2/core';

beforeAll(async () => {
  t = await createTestApp();
  supervisor = await t.createUser({ role: 'supervisor' });
  // Anyone who signs up and makes a workspace is an owner.
  owner = (await createWorkspace(t)).owner;
});
afterAll(async () => {
  await t.close();
  await Promise.all(platforms.map((p) => p.close()));
});

async function standIn(options: { issuer?: string; clientId?: string } = {}) {
  const base = `${t.config.APP_URL}${API}/lti`;
  const platform = await startLtiPlatform({
    ...options,
    toolJwks: async () =>
      (await t.app.inject({ method: 'GET', url: `${API}/lti/jwks` })).json() as JSONWebKeySet,
    toolLaunchUrl: `${base}/launch`,
    toolLoginUrl: `${base}/login`,
  });
  platforms.push(platform);
  return platform;
}

/** A stand-in platform registered as a plugin by `registrar`. */
async function registered(
  registrar: { token: string },
  trustEmails: boolean,
  options: { issuer?: string; clientId?: string } = {},
) {
  const platform = await standIn(options);
  const created = await t.app.inject({
    method: 'POST',
    url: `${API}/plugins`,
    headers: bearer(registrar.token),
    payload: platform.pluginBody({ trust_emails: trustEmails }),
  });
  expect(created.statusCode, created.body).toBe(201);
  return { platform, plugin: created.json().resource as { id: number; approved: boolean } };
}

/** OIDC login, the platform's form post and the process page, as a browser runs them. */
async function launch(
  platform: LtiPlatform,
  sub: string,
  options: { email?: string; roles?: string[]; token?: string } = {},
) {
  platform.addUser({
    sub,
    email: options.email,
    given_name: 'Sam',
    family_name: 'Launch',
    roles: options.roles ?? [ROLE.instructor],
  });
  const query = new URLSearchParams({
    iss: platform.issuer,
    login_hint: sub,
    client_id: platform.clientId,
    lti_deployment_id: platform.deploymentId,
  });
  const login = await t.app.inject({ method: 'GET', url: `${API}/lti/login?${query}` });
  expect(login.statusCode, login.body).toBe(302);
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  const answer = await platform.authenticate(String(login.headers.location), {});
  const posted = await t.app.inject({
    method: 'POST',
    url: `${API}/lti/launch`,
    headers: { ...FORM, cookie },
    payload: new URLSearchParams(answer).toString(),
  });
  expect(posted.statusCode, posted.body).toBe(303);
  const target = new URL(String(posted.headers.location));
  const processed = await t.app.inject({
    method: 'POST',
    url: `${API}/lti/${target.pathname.split('/').pop()}/process`,
    headers: options.token ? bearer(options.token) : {},
    payload: { launch: target.hash.replace('#launch=', '') },
  });
  expect(processed.statusCode, processed.body).toBe(200);
  const linkCookie = processed.headers['set-cookie'];
  return {
    body: processed.json().resource,
    token: processed.headers['access-token'] as string | undefined,
    linkCookie: linkCookie ? String(linkCookie).split(';')[0] : undefined,
  };
}

/** Who a token reads as (the account whose private chats it would open). */
async function whoIs(token: string) {
  const me = await t.app.inject({ method: 'GET', url: `${API}/user`, headers: bearer(token) });
  expect(me.statusCode, me.body).toBe(200);
  return me.json().resource.id as number;
}

const countSessions = async (userId: number) =>
  (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const identitiesOf = (userId: number) =>
  t.db.select().from(userIdentities).where(eq(userIdentities.userId, userId));

async function withTwoFactor(row: UserRow) {
  const secret = generateSecret();
  await t.db
    .update(users)
    .set({ twoFactorSecret: secret, twoFactorEnabledAt: new Date(), twoFactorRequired: true })
    .where(eq(users.id, row.id));
  return secret;
}

type Victim = 'plain' | 'two_factor' | 'supervisor_without_2fa' | 'supervisor_with_2fa';
async function victim(kind: Victim) {
  const made = await t.createUser(
    kind.startsWith('supervisor') ? { role: 'supervisor', twoFactorRequired: true } : {},
  );
  if (kind === 'two_factor' || kind === 'supervisor_with_2fa') await withTwoFactor(made.user);
  return made;
}

describe('the takeover through a plugin registration (issue 27)', () => {
  const cases: [registrar: 'owner' | 'supervisor', trust: boolean, kind: Victim][] = [];
  for (const registrar of ['owner', 'supervisor'] as const) {
    for (const trust of [true, false]) {
      for (const kind of [
        'plain',
        'two_factor',
        'supervisor_without_2fa',
        'supervisor_with_2fa',
      ] as const) {
        cases.push([registrar, trust, kind]);
      }
    }
  }

  it.each(cases)(
    'registered by %s, trust_emails %s, victim %s: never the victim without their consent',
    async (registrar, trust, kind) => {
      const { platform } = await registered(registrar === 'owner' ? owner : supervisor, trust);
      const target = await victim(kind);
      const sessionsBefore = await countSessions(target.user.id);
      const { body, token } = await launch(platform, `attacker-${kind}`, {
        email: target.user.email,
      });
      const after = await t.reloadUser(target.user.id);
      // No 2FA setup is ever handed to a launch.
      expect(body.otpauth_url).toBeUndefined();
      expect(body.qr_code).toBeUndefined();
      expect(after.twoFactorPendingSecret).toBeNull();

      const linksByDesign = registrar === 'supervisor' && trust && !kind.startsWith('supervisor');
      if (linksByDesign && kind === 'plain') {
        // An approved plugin that vouches for its addresses links an ordinary account.
        expect(body.user.id).toBe(target.user.id);
        expect(await whoIs(token!)).toBe(target.user.id);
        expect(await identitiesOf(target.user.id)).toHaveLength(1);
        return;
      }
      if (linksByDesign) {
        // Linked, but the victim's own code is still asked for: no session without it.
        expect(body).toMatchObject({ user: null, two_factor_required: true });
        expect(token).toBeUndefined();
        expect(await countSessions(target.user.id)).toBe(sessionsBefore);
        return;
      }
      // Anything else: a new account of the platform's own, never the victim's.
      expect(body.user.id).not.toBe(target.user.id);
      expect(body.user.email).toMatch(/@users\.teamloop\.invalid$/);
      expect(body.link_offered).toBe(true);
      expect(await whoIs(token!)).not.toBe(target.user.id);
      expect(await identitiesOf(target.user.id)).toHaveLength(0);
      expect(await countSessions(target.user.id)).toBe(sessionsBefore);
    },
  );

  it('an owner plugin claiming an approved plugin issuer does not reach its people', async () => {
    const { platform: real } = await registered(supervisor, true);
    const person = await t.createUser();
    const first = await launch(real, 'shared-sub', { email: person.user.email });
    expect(first.body.user.id).toBe(person.user.id);
    // The owner registers the same issuer under another client id, with keys of their own.
    const { platform: fake } = await registered(owner, true, {
      issuer: real.issuer,
      clientId: 'fake-client',
    });
    const forged = await launch(fake, 'shared-sub', { email: person.user.email });
    expect(forged.body.user.id).not.toBe(person.user.id);
    expect(await whoIs(forged.token!)).not.toBe(person.user.id);
  });

  it('an owner plugin keeps no claimed address: a later sign-up of it owns nothing', async () => {
    const { platform } = await registered(owner, false);
    const claimed = `not-yet-${Date.now()}@example.com`;
    const { body } = await launch(platform, 'pre-claim', { email: claimed });
    expect(body.user.email).not.toBe(claimed);
    const holders = await t.db.select().from(users).where(eq(users.email, claimed));
    expect(holders).toHaveLength(0);
  });
});

describe('a launch alone never signs in a supervisor', () => {
  async function linkedSupervisor(twoFactor: boolean) {
    const { platform, plugin } = await registered(supervisor, true);
    const person = await t.createUser({ role: 'supervisor', twoFactorRequired: true });
    if (twoFactor) await withTwoFactor(person.user);
    // Keyed to the supervisor earlier (e.g. linked by them, or before this fix).
    await t.db.insert(userIdentities).values({
      userId: person.user.id,
      provider: `lti:${platform.issuer}`,
      subject: `boss-${twoFactor}`,
    });
    return { platform, plugin, person };
  }

  for (const twoFactor of [true, false]) {
    it(`2FA ${twoFactor ? 'set up' : 'not set up yet'}: the password is asked for, nothing handed out`, async () => {
      const { platform, person } = await linkedSupervisor(twoFactor);
      const sessionsBefore = await countSessions(person.user.id);
      const { body, token, linkCookie } = await launch(platform, `boss-${twoFactor}`);
      expect(body).toMatchObject({
        user: null,
        sign_in_required: true,
        two_factor_required: false,
        link_offered: false,
      });
      expect(body.login_token).toBeUndefined();
      expect(body.otpauth_url).toBeUndefined();
      expect(token).toBeUndefined();
      expect(linkCookie).toBeUndefined();
      expect((await t.reloadUser(person.user.id)).twoFactorPendingSecret).toBeNull();
      expect(await countSessions(person.user.id)).toBe(sessionsBefore);
    });
  }

  it('once signed in here by their own means, the launch goes on in that session', async () => {
    const { platform, person } = await linkedSupervisor(true);
    const { body, token } = await launch(platform, 'boss-true', { token: person.token });
    expect(body.sign_in_required).toBe(false);
    expect(body.user.id).toBe(person.user.id);
    expect(await whoIs(token!)).toBe(person.user.id);
  });

  it('an account that must set up 2FA first is not given the setup by a launch', async () => {
    const { platform } = await registered(supervisor, true);
    const person = await t.createUser({ twoFactorRequired: true });
    const { body, token } = await launch(platform, 'must-enable', { email: person.user.email });
    expect(body).toMatchObject({ user: null, sign_in_required: true });
    expect(token).toBeUndefined();
    expect((await t.reloadUser(person.user.id)).twoFactorPendingSecret).toBeNull();
  });
});

describe('linking a launch to an existing account', () => {
  const signIn = async (email: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/join/login`,
      payload: { email, password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const confirm = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `${API}/lti/link/confirm`, headers });

  it('needs this browser, a sign-in of that account after the launch, and a confirmation', async () => {
    const { platform, plugin } = await registered(owner, true);
    const person = await t.createUser();
    const first = await launch(platform, 'learner-7', { email: person.user.email });
    const made = first.body.user.id as number;
    expect(made).not.toBe(person.user.id);
    expect(first.linkCookie).toMatch(/^lti_link=/);
    const workspaceId = Number(first.body.redirect.split('/').pop());

    const status = await t.app.inject({
      method: 'GET',
      url: `${API}/lti/link`,
      headers: { cookie: first.linkCookie! },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().resource).toMatchObject({
      platform: { id: plugin.id, approved: false },
      person_name: 'Sam Launch',
      account: null,
      can_confirm: false,
    });

    const fresh = (await signIn(person.user.email, person.password)).headers['access-token'];
    const before = await rowCounts(t.db);
    // Signed out; the launch's own account; a session older than the launch: all refused.
    expect((await confirm({ cookie: first.linkCookie! })).statusCode).toBe(401);
    const own = await confirm({ ...bearer(first.token!), cookie: first.linkCookie! });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('sign_in_required');
    const stale = await confirm({
      ...bearer(person.token),
      cookie: first.linkCookie!,
      'accept-language': 'vi',
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().messages[0]).toMatch(/đăng nhập/);
    // Signed in, but in another browser (no cookie, or a forged one).
    expect((await confirm(bearer(String(fresh)))).statusCode).toBe(404);
    const forged = await confirm({ ...bearer(String(fresh)), cookie: 'lti_link=forged' });
    expect(forged.statusCode).toBe(404);
    expect(await rowCounts(t.db)).toEqual(before);

    const linked = await confirm({ ...bearer(String(fresh)), cookie: first.linkCookie! });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().resource.redirect).toBe(`/workspaces/${workspaceId}`);
    const [place] = await t.db
      .select()
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspaceId),
          eq(workspaceMembers.userId, person.user.id),
        ),
      );
    expect(place.role).toBe('owner');
    // Used once.
    const again = await confirm({ ...bearer(String(fresh)), cookie: first.linkCookie! });
    expect(again.statusCode).toBe(404);
    // From now on the platform opens that account.
    const next = await launch(platform, 'learner-7', { email: person.user.email });
    expect(next.body.user.id).toBe(person.user.id);
    expect(next.body.link_offered).toBe(false);
  });

  it('an account with 2FA confirms after its code; a supervisor after setting 2FA up', async () => {
    const { platform } = await registered(owner, false);
    const person = await t.createUser();
    const secret = await withTwoFactor(person.user);
    const first = await launch(platform, 'learner-2fa');
    const challenge = (await signIn(person.user.email, person.password)).json().resource;
    expect(challenge.two_factor_required).toBe(true);
    const second = await t.app.inject({
      method: 'POST',
      url: `${API}/join/login-2fa`,
      payload: { login_token: challenge.login_token, code: await generate({ secret }) },
    });
    expect(second.statusCode, second.body).toBe(200);
    const ok = await confirm({
      ...bearer(String(second.headers['access-token'])),
      cookie: first.linkCookie!,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // A later launch still asks for the code.
    const next = await launch(platform, 'learner-2fa');
    expect(next.body).toMatchObject({ user: null, two_factor_required: true });

    const boss = await t.createUser({ role: 'supervisor', twoFactorRequired: true });
    const launched = await launch(platform, 'boss-link');
    const setup = (await signIn(boss.user.email, boss.password)).json().resource;
    expect(setup.redirectToEnable).toBe(true);
    const enabled = await t.app.inject({
      method: 'POST',
      url: `${API}/join/login-with-enable`,
      payload: {
        login_token: setup.login_token,
        code: await generate({
          secret: (await t.reloadUser(boss.user.id)).twoFactorPendingSecret!,
        }),
      },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const bossLinked = await confirm({
      ...bearer(String(enabled.headers['access-token'])),
      cookie: launched.linkCookie!,
    });
    expect(bossLinked.statusCode, bossLinked.body).toBe(200);
    const later = await launch(platform, 'boss-link');
    expect(later.body).toMatchObject({ user: null, sign_in_required: true });
  });
});

describe('approval (supervisors)', () => {
  const call = (token: string, url: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { ...bearer(token), ...extra } });

  it('an owner plugin waits for a supervisor; trust_emails is kept as a request', async () => {
    const { plugin } = await registered(owner, true);
    const read = await t.app.inject({
      method: 'GET',
      url: `${API}/plugins/${plugin.id}`,
      headers: bearer(owner.token),
    });
    expect(read.json().resource).toMatchObject({
      approved: false,
      trust_emails: true,
      emails_trusted: false,
      abilities: { approve: false },
    });
    const approved = await call(supervisor.token, `/plugins/${plugin.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().resource).toMatchObject({ approved: true, emails_trusted: true });
    // Renaming keeps the approval; new keys from the owner need a supervisor again.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${API}/plugins/${plugin.id}`,
      headers: bearer(owner.token),
      payload: { name: 'Renamed' },
    });
    expect(renamed.json().resource.approved).toBe(true);
    const rekeyed = await t.app.inject({
      method: 'PUT',
      url: `${API}/plugins/${plugin.id}`,
      headers: bearer(owner.token),
      payload: { jwks_url: 'https://keys.example.com/jwks' },
    });
    expect(rekeyed.json().resource.approved).toBe(false);
  });

  it('a supervisor plugin is approved as it is made; approval can be taken back', async () => {
    const { plugin } = await registered(supervisor, false);
    expect(plugin.approved).toBe(true);
    const revoked = await call(supervisor.token, `/plugins/${plugin.id}/revoke-approval`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().resource.approved).toBe(false);
    const [row] = await t.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, plugin.id));
    expect(row.approvedAt).toBeNull();
  });

  it('a dynamic registration through an owner URL waits for a supervisor too', async () => {
    const platform = await standIn();
    const list = await t.app.inject({
      method: 'GET',
      url: `${API}/plugins`,
      headers: bearer(owner.token),
    });
    const registerUrl = new URL(list.json().resource.tool_urls.register_url);
    const query = new URLSearchParams({
      openid_configuration: `${platform.url}/.well-known/openid-configuration`,
      registration_token: platform.registrationToken,
      t: registerUrl.searchParams.get('t')!,
    });
    const done = await t.app.inject({ method: 'GET', url: `${API}/lti/register?${query}` });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(ltiPlatforms)
      .where(
        and(eq(ltiPlatforms.issuer, platform.issuer), eq(ltiPlatforms.ownerId, owner.user.id)),
      );
    expect(row.approvedAt).toBeNull();
  });

  it('refuses the wrong roles and bad input, writing nothing', async () => {
    const { plugin } = await registered(owner, false);
    const plain = await t.createUser();
    const before = await rowCounts(t.db);
    for (const action of ['approve', 'revoke-approval']) {
      const url = `/plugins/${plugin.id}/${action}`;
      const byOwner = await call(owner.token, url, { 'accept-language': 'vi' });
      expect(byOwner.statusCode).toBe(403);
      expect(byOwner.json().messages[0]).toMatch(/người giám sát/);
      expect((await call(plain.token, url)).statusCode).toBe(403);
      const signedOut = await t.app.inject({ method: 'POST', url: `${API}${url}` });
      expect(signedOut.statusCode).toBe(401);
      expect((await call(supervisor.token, `/plugins/abc/${action}`)).statusCode).toBe(422);
      expect((await call(supervisor.token, `/plugins/0/${action}`)).statusCode).toBe(422);
      expect((await call(supervisor.token, `/plugins/999999/${action}`)).statusCode).toBe(404);
    }
    expect((await call(supervisor.token, `/plugins/${plugin.id}/revoke-approval`)).statusCode).toBe(
      409,
    );
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await call(supervisor.token, `/plugins/${plugin.id}/approve`)).statusCode).toBe(200);
    expect((await call(supervisor.token, `/plugins/${plugin.id}/approve`)).statusCode).toBe(409);
  });

  it('a link status with a bad cookie is a 404, in the caller language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${API}/lti/link`,
      headers: { cookie: `lti_link=${'x'.repeat(500)}`, 'accept-language': 'vi' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().messages[0]).toMatch(/liên kết/);
  });
});

describe('framing (frame-ancestors)', () => {
  const frameAncestors = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    return /frame-ancestors ([^;]*)/.exec(csp)![1];
  };

  it('an owner plugin frames only its launch pages; approved, every page', async () => {
    const platform = await standIn();
    const origin = new URL(platform.url).origin;
    const pages = ['/', '/workspaces/1', `${API.replace('/core', '')}/health/live`];
    for (const url of pages) expect(await frameAncestors(url)).not.toContain(origin);
    expect(await frameAncestors('/')).toContain('https://teams.microsoft.com');

    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/plugins`,
      headers: bearer(owner.token),
      payload: platform.pluginBody(),
    });
    const id = created.json().resource.id;
    for (const url of pages) expect(await frameAncestors(url)).not.toContain(origin);
    expect(await frameAncestors(`/lti/process/${id}`)).toContain(origin);
    expect(await frameAncestors(`/lti/link/${id}`)).toContain(origin);
    expect(await frameAncestors(`/lti/process/${id + 1000}`)).not.toContain(origin);

    await t.app.inject({
      method: 'POST',
      url: `${API}/plugins/${id}/approve`,
      headers: bearer(supervisor.token),
    });
    for (const url of pages) expect(await frameAncestors(url)).toContain(origin);
    // Another platform's launch page names that platform alone.
    const { plugin: other } = await registered(owner, false);
    expect(await frameAncestors(`/lti/process/${other.id}`)).not.toContain(origin);

    await t.app.inject({
      method: 'POST',
      url: `${API}/plugins/${id}/revoke-approval`,
      headers: bearer(supervisor.token),
    });
    for (const url of pages) expect(await frameAncestors(url)).not.toContain(origin);
  });
});
