import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import type { Frame } from '@playwright/test';
import { TEAMS_WEB_CLIENT_ID, TENANT_A } from '../teams-host/entra';
import { startTeamsServer, type RunningTeamsServer } from '../teams-host/process';
import { openInTeamsHost, type LegacyContext, type TeamsHost } from '../teams-host/simulator';

/**
 * Teamloop inside the Teams host simulator: the real @microsoft/teams-js in our tab, a page
 * answering it as Teams does, and SSO tokens from the Entra ID stand-in.
 */

// The tab is served over HTTPS as in Teams, as is the Entra ID stand-in: both self-signed.
test.use({ ignoreHTTPSErrors: true });

let teams: RunningTeamsServer;
test.beforeAll(async () => {
  teams = await startTeamsServer();
});
test.afterAll(async () => {
  await teams?.stop();
});

interface Person {
  oid: string;
  email: string;
  name: string;
}

function newPerson(name = 'Mai Nguyen'): Person {
  const oid = randomUUID();
  return { oid, email: `${oid.slice(0, 8)}@contoso.test`, name };
}

function contextFor(person: Person, overrides: Partial<LegacyContext> = {}): LegacyContext {
  return {
    locale: 'en-US',
    theme: 'default',
    userObjectId: person.oid,
    userPrincipalName: person.email,
    loginHint: person.email,
    tid: TENANT_A,
    hostName: 'TeamsModern',
    hostClientType: 'web',
    appId: '3f6d3c2e-5a9b-4c1d-8e7f-0a1b2c3d4e5f',
    ...overrides,
  };
}

const ssoTokenFor = (person: Person) => () =>
  teams.ssoToken({
    oid: person.oid,
    preferred_username: person.email,
    name: person.name,
    azp: TEAMS_WEB_CLIENT_ID,
  });

/** Our token, as the tab stored it after SSO. */
async function tokenIn(tab: Frame): Promise<string | undefined> {
  const cookies = await tab.evaluate(() => document.cookie);
  return /(?:^|; )access_token=([^;]+)/.exec(cookies)?.[1];
}

/** The person the server says a token belongs to. */
async function whoIs(token: string) {
  const response = await fetch(`${teams.api}/api/v2/core/user`, {
    headers: { authorization: `Bearer ${decodeURIComponent(token)}` },
  });
  return (await response.json()).resource as { email: string; first_name: string };
}

/** A person who has signed in once through SSO (so they exist), with our token. */
async function signedInOnce(person: Person): Promise<string> {
  const response = await fetch(`${teams.api}/auth/teams/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: await ssoTokenFor(person)() }),
  });
  expect(response.status).toBe(200);
  const token = response.headers.get('access-token')!;
  await fetch(`${teams.api}/api/v2/core/user/accept-privacy`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
  });
  return token;
}

async function createWorkspace(token: string, name: string): Promise<number> {
  const response = await fetch(`${teams.api}/api/v2/core/workspaces`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, workspace_type: 'general' }),
  });
  expect(response.status).toBe(201);
  return (await response.json()).resource.id;
}

const backgroundOf = (tab: Frame) =>
  tab.locator('main#main').evaluate((main) => getComputedStyle(main).backgroundColor);

async function embeddedFlag(host: TeamsHost) {
  const cookies = await host.tab().evaluate(() => document.cookie);
  return /(?:^|; )teams_embedded=([^;]+)/.exec(cookies)?.[1];
}

test('the personal tab opens signed in through SSO, with no password, and tells Teams it loaded', async ({
  page,
}) => {
  const person = newPerson('Mai Thi Nguyen');
  const host = await openInTeamsHost(page, {
    origin: teams.url,
    contentUrl: '/profile?inTeams=1',
    frameContext: 'content',
    context: contextFor(person, { entityId: 'profile' }),
    issueSsoToken: ssoTokenFor(person),
  });
  await expect.poll(async () => (await host.recorded()).loaded).toBe('success');
  const tab = host.tab();
  await expect(tab.locator('main#main')).toBeVisible();
  expect(new URL(tab.url()).pathname).toBe('/profile');
  await expect(tab.getByLabel('Password')).toHaveCount(0);
  // Embedded: the host's own chrome, none of ours.
  await expect(tab.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
  await expect.poll(() => tab.title()).toBe('Teamloop | Profile');

  const token = await tokenIn(tab);
  expect(token).toBeTruthy();
  expect(await whoIs(token!)).toMatchObject({ email: person.email, first_name: 'Mai' });
  const calls = (await host.recorded()).calls;
  expect(calls).toEqual(
    expect.arrayContaining(['initialize', 'getContext', 'authentication.getAuthToken']),
  );
  expect(await embeddedFlag(host)).toBe('true');
});

test('when Entra ID wants consent, the tab asks, runs the consent pop-up and signs in', async ({
  page,
}) => {
  const person = newPerson('Hoa Pham');
  await teams.requireConsent(person.oid);
  const host = await openInTeamsHost(page, {
    origin: teams.url,
    contentUrl: '/profile?inTeams=1',
    frameContext: 'content',
    context: contextFor(person, { entityId: 'profile' }),
    issueSsoToken: ssoTokenFor(person),
  });
  const tab = host.tab();
  await expect(
    tab.getByRole('heading', { name: 'Allow Teamloop to use your Microsoft 365 profile' }),
  ).toBeVisible();
  expect(await tokenIn(tab)).toBeUndefined();

  // The pop-up opens only on the person's click, then goes to Entra ID and back.
  const popupClosed = page.waitForEvent('popup').then((popup) => popup.waitForEvent('close'));
  await tab.getByRole('button', { name: 'Continue with Microsoft 365' }).click();
  await popupClosed;
  await expect.poll(() => tokenIn(tab)).toBeTruthy();
  expect(await whoIs((await tokenIn(tab))!)).toMatchObject({ email: person.email });
  const { calls, openedLinks } = await host.recorded();
  expect(calls).toEqual(
    expect.arrayContaining([
      'authentication.authenticate',
      'popup:initialize',
      'popup:authentication.authenticate.success',
    ]),
  );

  // A new account accepts the privacy policy in the tab, then sees the page it opened.
  await tab.getByRole('button', { name: 'I accept' }).click();
  await expect(tab.getByRole('button', { name: 'I accept' })).toHaveCount(0);
  // The profile, or its first section where the router has gone on to it.
  expect(new URL(tab.url()).pathname).toMatch(/^\/profile(\/general)?$/);
  await expect(tab.locator('main#main')).toBeVisible();
  expect(openedLinks).toEqual([]);
});

test('when the exchange refuses the token, the regular sign-in takes over and says why', async ({
  page,
}) => {
  const person = newPerson();
  const host = await openInTeamsHost(page, {
    origin: teams.url,
    contentUrl: '/profile?inTeams=1',
    frameContext: 'content',
    context: contextFor(person, { entityId: 'profile' }),
    // A token some other app asked Entra ID for: not one a Microsoft 365 host requested.
    issueSsoToken: () =>
      teams.ssoToken({ oid: person.oid, preferred_username: person.email, azp: randomUUID() }),
  });
  const tab = host.tab();
  await expect(tab.getByLabel('Password')).toBeVisible();
  expect(new URL(tab.url()).pathname).toBe('/signin');
  await expect(
    tab
      .getByText('This sign-in did not come from Microsoft Teams or another Microsoft 365 app.')
      .first(),
  ).toBeVisible();
  expect(await tokenIn(tab)).toBeUndefined();
  expect((await host.recorded()).loaded).toBe('success');
});

test('a live theme change to dark and to high contrast restyles the tab', async ({ page }) => {
  const person = newPerson();
  await signedInOnce(person);
  const host = await openInTeamsHost(page, {
    origin: teams.url,
    contentUrl: '/profile?inTeams=1',
    frameContext: 'content',
    context: contextFor(person, { entityId: 'profile' }),
    issueSsoToken: ssoTokenFor(person),
  });
  const tab = host.tab();
  await expect(tab.locator('main#main')).toBeVisible();
  await expect.poll(() => backgroundOf(tab)).toBe('rgb(255, 255, 255)');
  await host.setTheme('dark');
  await expect.poll(() => backgroundOf(tab)).toBe('rgb(41, 41, 41)');
  await host.setTheme('contrast');
  await expect.poll(() => backgroundOf(tab)).toBe('rgb(0, 0, 0)');
  // A theme this app does not know yet falls back to light rather than breaking.
  await host.setTheme('glass');
  await expect.poll(() => backgroundOf(tab)).toBe('rgb(255, 255, 255)');
});

test('the host locale vi-VN shows the tab in Vietnamese', async ({ page }) => {
  const person = newPerson();
  await signedInOnce(person);
  const host = await openInTeamsHost(page, {
    origin: teams.url,
    contentUrl: '/dashboard?inTeams=1',
    frameContext: 'content',
    context: contextFor(person, { locale: 'vi-VN', entityId: 'profile' }),
    issueSsoToken: ssoTokenFor(person),
  });
  const tab = host.tab();
  await expect(tab.getByRole('heading', { name: 'Trang này mở trong Teamloop' })).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Xem trong Teamloop' })).toBeVisible();
  expect(await tab.evaluate(() => document.documentElement.lang)).toBe('vi');
});

test("a channel tab saves a workspace and then shows that workspace's people", async ({ page }) => {
  const person = newPerson('Lan Tran');
  const token = await signedInOnce(person);
  await createWorkspace(token, 'Product design');
  const workspaceId = await createWorkspace(token, 'Marketing cohort');
  const host = await openInTeamsHost(page, {
    origin: teams.url,
    contentUrl: '/tabs/config.html?inTeams=1',
    frameContext: 'settings',
    context: contextFor(person, {
      teamId: '19:team@thread.tacv2',
      teamName: 'Marketing',
      channelId: '19:general@thread.tacv2',
      channelName: 'General',
    }),
    issueSsoToken: ssoTokenFor(person),
  });
  const config = host.tab();
  await expect(
    config.getByRole('heading', { name: "Show a workspace's people in this channel" }),
  ).toBeVisible();
  expect((await host.recorded()).validity).toBe(false);
  await config.getByRole('radio', { name: 'Marketing cohort' }).check();
  await expect.poll(async () => (await host.recorded()).validity).toBe(true);

  await host.save();
  await expect
    .poll(async () => (await host.recorded()).settings?.entityId)
    .toBe(`workspace-${workspaceId}-people`);
  const { settings } = await host.recorded();
  expect(settings).toMatchObject({
    contentUrl: `${teams.url}/workspaces/${workspaceId}/people?inTeams=1`,
    websiteUrl: `${teams.url}/workspaces/${workspaceId}/people`,
    removeUrl: `${teams.url}/tabs/remove.html?inTeams=1`,
    suggestedDisplayName: 'Marketing cohort people',
  });

  // Teams now shows the tab: the workspace's people page, embedded and signed in.
  await expect
    .poll(() => new URL(host.tab().url()).pathname)
    .toBe(`/workspaces/${workspaceId}/people`);
  const tab = host.tab();
  await expect(tab.getByRole('heading', { name: 'Marketing cohort', level: 1 })).toBeVisible();
  await expect(tab.getByText('Lan Tran').first()).toBeVisible();
  await expect(tab.getByRole('heading', { name: 'This page opens in Teamloop' })).toHaveCount(0);
  await expect(tab.getByLabel('Password')).toHaveCount(0);
  expect(await embeddedFlag(host)).toBe('true');
});

test('a route other than people or profile resets the embedding flag and opens standalone', async ({
  page,
}) => {
  const person = newPerson();
  const token = await signedInOnce(person);
  const workspaceId = await createWorkspace(token, 'Research group');
  const host = await openInTeamsHost(page, {
    origin: teams.url,
    contentUrl: `/workspaces/${workspaceId}/tasks?inTeams=1`,
    frameContext: 'content',
    context: contextFor(person, { entityId: 'my-work' }),
    issueSsoToken: ssoTokenFor(person),
  });
  const tab = host.tab();
  await expect(tab.getByRole('heading', { name: 'This page opens in Teamloop' })).toBeVisible();
  // Spec 2.8: the flag is reset on this route and its cookie rewritten.
  await expect.poll(() => embeddedFlag(host)).toBe('false');

  await tab.getByRole('button', { name: 'View in Teamloop' }).click();
  await expect
    .poll(async () => (await host.recorded()).openedLinks)
    .toEqual([`${teams.url}/workspaces/${workspaceId}/tasks`]);
  expect(await embeddedFlag(host)).toBe('false');
});

test("a deep link's sub-page opens a workspace's people page in the tab", async ({ page }) => {
  const person = newPerson();
  const token = await signedInOnce(person);
  const workspaceId = await createWorkspace(token, 'Deep link workspace');
  const host = await openInTeamsHost(page, {
    origin: teams.url,
    contentUrl: '/profile?inTeams=1',
    frameContext: 'content',
    context: contextFor(person, {
      entityId: 'profile',
      subEntityId: `/workspaces/${workspaceId}/people`,
    }),
    issueSsoToken: ssoTokenFor(person),
  });
  await expect
    .poll(() => new URL(host.tab().url()).pathname)
    .toBe(`/workspaces/${workspaceId}/people`);
  await expect(
    host.tab().getByRole('heading', { name: 'Deep link workspace', level: 1 }),
  ).toBeVisible();
});

test('a top-level window with the marker is the plain web app at once', async ({ page }) => {
  await page.route('https://res.cdn.office.net/**', (route) => route.abort());
  await page.goto(`${teams.url}/profile?inTeams=1`);
  await expect(page).toHaveURL(/\/signin$/);
  const cookies = await page.context().cookies(teams.url);
  expect(cookies.find((cookie) => cookie.name === 'teams_embedded')?.value).not.toBe('true');
});

test('an LTI launch inside a frame never asks the host anything', async ({ page }) => {
  const person = newPerson();
  const host = await openInTeamsHost(page, {
    origin: teams.url,
    contentUrl: '/lti/process/moodle?inTeams=1',
    frameContext: 'content',
    context: contextFor(person),
    issueSsoToken: ssoTokenFor(person),
  });
  await expect(host.tab().locator('main')).toBeVisible();
  expect((await host.recorded()).calls).toEqual([]);
});
