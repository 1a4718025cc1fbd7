import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zoomConnections, zoomOauthStates } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { startZoomStandIn } from '../support/zoom-stand-in';

/**
 * A person's own Zoom (OAuth authorization code, refresh tokens) through the Zoom stand-in:
 * connect with a one-time state, meetings made on their account with their token, refreshed
 * when due, disconnect; the server-wide app for those who did not connect; 409 with neither.
 * docs/decisions/notifications.md.
 */
const USER_APP = { userClientId: 'zuser-id', userClientSecret: 'zuser-secret' };
let zoom: Awaited<ReturnType<typeof startZoomStandIn>>;
let both: TestApp;
let userOnly: TestApp;
let off: TestApp;

beforeAll(async () => {
  zoom = await startZoomStandIn({
    accountId: 'acct',
    clientId: 'zid',
    clientSecret: 'zsecret',
    ...USER_APP,
  });
  const userApp = {
    ZOOM_USER_CLIENT_ID: USER_APP.userClientId,
    ZOOM_USER_CLIENT_SECRET: USER_APP.userClientSecret,
    ZOOM_AUTHORIZE_URL: `${zoom.url}/oauth/authorize`,
    ZOOM_OAUTH_URL: `${zoom.url}/oauth/token`,
    ZOOM_API_URL: zoom.url,
  };
  both = await createTestApp({
    ...userApp,
    ZOOM_ACCOUNT_ID: 'acct',
    ZOOM_CLIENT_ID: 'zid',
    ZOOM_CLIENT_SECRET: 'zsecret',
  });
  userOnly = await createTestApp(userApp);
  off = await createTestApp();
});
afterAll(async () => {
  await both.close();
  await userOnly.close();
  await off.close();
  await zoom.close();
});

const call = (
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/v2/core${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

const statusOf = async (t: TestApp, token: string) =>
  (await call(t, token, 'GET', '/integrations/zoom')).json().resource.zoom_account;

/** Login, then the browser at Zoom's consent page: where Zoom sends it back (our callback). */
async function consent(t: TestApp, token: string) {
  const login = await call(t, token, 'GET', '/integrations/zoom/login');
  expect(login.statusCode, login.body).toBe(200);
  const url = new URL(login.json().resource.url);
  expect(url.origin + url.pathname).toBe(`${zoom.url}/oauth/authorize`);
  expect(url.searchParams.get('client_id')).toBe(USER_APP.userClientId);
  expect(url.searchParams.get('redirect_uri')).toBe(
    `${t.config.APP_URL}/api/v2/core/integrations/zoom/oauth`,
  );
  const atZoom = await fetch(url, { redirect: 'manual' });
  expect(atZoom.status).toBe(302);
  return new URL(atZoom.headers.get('location')!);
}

/** Our callback, as the browser reaches it (no session): where it sends the browser next. */
async function callback(t: TestApp, back: URL) {
  const response = await t.app.inject({ url: `${back.pathname}${back.search}` });
  expect(response.statusCode, response.body).toBe(303);
  return response.headers.location as string;
}

async function connect(t: TestApp, token: string, user: string) {
  zoom.control.user = user;
  const next = await callback(t, await consent(t, token));
  expect(next).toBe(`${t.config.APP_URL}/settings/integrations?zoom=connected`);
}

const start = () => new Date(Date.now() + 86_400_000).toISOString();
const zoomMeeting = (t: TestApp, token: string, workspaceId: number, title: string) =>
  call(t, token, 'POST', '/meetings', {
    workspace_id: workspaceId,
    title,
    start_at: start(),
    duration_minutes: 30,
    provider: 'zoom',
  });

describe('connecting a person’s Zoom', () => {
  it('goes through Zoom’s consent with a one-time state and keeps the tokens sealed', async () => {
    const { owner } = await createWorkspace(userOnly);
    expect(await statusOf(userOnly, owner.token)).toEqual({
      status: 'not_connected',
      connected_at: null,
      server_wide: false,
    });
    await connect(userOnly, owner.token, 'owner@zoom.test');
    const status = await statusOf(userOnly, owner.token);
    expect(status.status).toBe('connected');
    expect(status.connected_at).toEqual(expect.any(String));
    const [row] = await userOnly.db
      .select()
      .from(zoomConnections)
      .where(eq(zoomConnections.userId, owner.user.id));
    // Sealed: no token Zoom issued is in the row as it is.
    const sealed = `${row.accessTokenSealed} ${row.refreshTokenSealed}`;
    expect(sealed).not.toMatch(/^[0-9a-f]{48}\b/);
    // `<key id>.<iv>.<tag>.<body>`: sealed with the current signing key, which it names.
    expect(row.accessTokenSealed.split('.')).toHaveLength(4);
    expect(row.accessTokenSealed.split('.')[0]).toBe(userOnly.app.deps.signingKeys.current().kid);
    // The state was spent.
    expect(
      await userOnly.db
        .select()
        .from(zoomOauthStates)
        .where(eq(zoomOauthStates.userId, owner.user.id)),
    ).toEqual([]);
  });

  it('refuses a wrong, missing, replayed or foreign state, and a refused consent', async () => {
    const { owner } = await createWorkspace(userOnly);
    const back = await consent(userOnly, owner.token);
    const forged = new URL(back);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect(await callback(userOnly, forged)).toBe(
      `${userOnly.config.APP_URL}/settings/integrations?zoom_error=state_invalid`,
    );
    const stateless = new URL(back);
    stateless.searchParams.delete('state');
    expect(await callback(userOnly, stateless)).toContain('zoom_error=state_invalid');
    expect((await statusOf(userOnly, owner.token)).status).toBe('not_connected');

    // The right state once: connected; the same again: refused.
    expect(await callback(userOnly, back)).toContain('zoom=connected');
    expect(await callback(userOnly, back)).toContain('zoom_error=state_invalid');

    // A state made on another server (another app) means nothing here.
    const { owner: other } = await createWorkspace(both);
    const elsewhere = await consent(both, other.token);
    expect(await callback(userOnly, elsewhere)).toContain('zoom_error=state_invalid');

    const { owner: third } = await createWorkspace(userOnly);
    zoom.control.deny = true;
    try {
      expect(await callback(userOnly, await consent(userOnly, third.token))).toContain(
        'zoom_error=denied',
      );
    } finally {
      zoom.control.deny = false;
    }
    expect((await statusOf(userOnly, third.token)).status).toBe('not_connected');
  });

  it('bad input is refused with 4xx; nobody signed in gets 401 (the callback alone is public)', async () => {
    const long = await userOnly.app.inject({
      url: `/api/v2/core/integrations/zoom/oauth?code=${'a'.repeat(3000)}&state=x`,
    });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    const twice = await userOnly.app.inject({
      url: '/api/v2/core/integrations/zoom/oauth?state=a&state=b',
    });
    expect(twice.statusCode).toBeLessThan(500);
    expect((await call(userOnly, null, 'GET', '/integrations/zoom')).statusCode).toBe(401);
    expect((await call(userOnly, null, 'GET', '/integrations/zoom/login')).statusCode).toBe(401);
    expect((await call(userOnly, null, 'DELETE', '/integrations/zoom')).statusCode).toBe(401);
  });
});

describe('meetings on the person’s own Zoom', () => {
  it('are made with their token; others’ meetings are not; a due token is refreshed', async () => {
    const { workspace, owner, people } = await createWorkspace(both, { members: { member: 1 } });
    await connect(both, owner.token, 'ann@zoom.test');
    const mine = await zoomMeeting(both, owner.token, workspace.id, 'On my Zoom');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(zoom.meetings.at(-1)).toMatchObject({ topic: 'On my Zoom', owner: 'ann@zoom.test' });

    // A member who did not connect: the server-wide app's account, not the owner's.
    const theirs = await zoomMeeting(both, people.member[0].token, workspace.id, 'Server app');
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(zoom.meetings.at(-1)).toMatchObject({ topic: 'Server app', owner: 'account:acct' });

    // The hour is up: refreshed (Zoom rotates the refresh token), then used.
    const [before] = await both.db
      .select()
      .from(zoomConnections)
      .where(eq(zoomConnections.userId, owner.user.id));
    await both.db
      .update(zoomConnections)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(zoomConnections.userId, owner.user.id));
    const later = await zoomMeeting(both, owner.token, workspace.id, 'After an hour');
    expect(later.statusCode, later.body).toBe(200);
    expect(zoom.meetings.at(-1)).toMatchObject({ topic: 'After an hour', owner: 'ann@zoom.test' });
    const [after] = await both.db
      .select()
      .from(zoomConnections)
      .where(eq(zoomConnections.userId, owner.user.id));
    expect(after.refreshTokenSealed).not.toBe(before.refreshTokenSealed);
    expect(after.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('a refresh Zoom refuses forgets the connection: 409 asking to connect again', async () => {
    const { workspace, owner } = await createWorkspace(userOnly);
    await connect(userOnly, owner.token, 'revoked@zoom.test');
    zoom.revokeRefresh('revoked@zoom.test');
    await userOnly.db
      .update(zoomConnections)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(zoomConnections.userId, owner.user.id));
    const made = await zoomMeeting(userOnly, owner.token, workspace.id, 'Revoked');
    expect(made.statusCode).toBe(409);
    expect(made.json().code).toBe('zoom_not_connected');
    expect(made.json().messages[0]).toMatch(/connect/i);
    expect((await statusOf(userOnly, owner.token)).status).toBe('not_connected');
  });

  it('not connected and no server app: 409; not configured at all: 409 and the card says so', async () => {
    const { workspace, owner } = await createWorkspace(userOnly);
    const made = await zoomMeeting(userOnly, owner.token, workspace.id, 'Nobody');
    expect(made.statusCode).toBe(409);
    expect(made.json().code).toBe('zoom_not_connected');
    expect(
      (await call(userOnly, owner.token, 'GET', '/meetings/options')).json().resource.zoom,
    ).toBe(false);

    const { workspace: w2, owner: o2 } = await createWorkspace(off);
    expect(await statusOf(off, o2.token)).toEqual({
      status: 'not_configured',
      connected_at: null,
      server_wide: false,
    });
    const login = await call(off, o2.token, 'GET', '/integrations/zoom/login');
    expect(login.statusCode).toBe(409);
    expect(login.json().code).toBe('zoom_not_configured');
    const none = await zoomMeeting(off, o2.token, w2.id, 'Nothing');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('zoom_not_configured');
    const back = await off.app.inject({
      url: '/api/v2/core/integrations/zoom/oauth?code=abc&state=def',
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain('zoom_error=not_configured');
  });

  it('a member of another workspace cannot make a meeting there on their Zoom (404); a disconnect is the caller’s own', async () => {
    const { workspace, owner } = await createWorkspace(both);
    const stranger = await createWorkspace(both);
    await connect(both, stranger.owner.token, 'stranger@zoom.test');
    await connect(both, owner.token, 'owner2@zoom.test');
    const count = zoom.meetings.length;
    const foreign = await zoomMeeting(both, stranger.owner.token, workspace.id, 'Not mine');
    expect(foreign.statusCode).toBe(404);
    expect(zoom.meetings.length).toBe(count);

    // The stranger's disconnect leaves the owner's connection.
    const gone = await call(both, stranger.owner.token, 'DELETE', '/integrations/zoom');
    expect(gone.statusCode).toBe(200);
    expect(gone.json().resource.zoom_account.status).toBe('not_connected');
    expect((await statusOf(both, owner.token)).status).toBe('connected');

    expect(zoom.revoked).toContain('stranger@zoom.test');
    // After the owner disconnects, their meetings go through the server app again.
    const disconnected = await call(both, owner.token, 'DELETE', '/integrations/zoom');
    expect(disconnected.json().resource.zoom_account).toEqual({
      status: 'not_connected',
      connected_at: null,
      server_wide: true,
    });
    const again = await call(both, owner.token, 'DELETE', '/integrations/zoom');
    expect(again.statusCode).toBe(200);
    const made = await zoomMeeting(both, owner.token, workspace.id, 'Back to the app');
    expect(made.statusCode).toBe(200);
    expect(zoom.meetings.at(-1)).toMatchObject({ owner: 'account:acct' });
  });
});
