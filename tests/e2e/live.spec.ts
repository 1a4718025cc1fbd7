import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type WebSocketRoute,
} from '@playwright/test';
import { createVerifiedAccount, type TestAccount } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { expectMenuNavigates } from './support/usable';

const api = `${E2E_BASE_URL}/api/v2/core`;
const headers = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/**
 * An owner's workspace with a member who joined through the invite link, and two tasks given
 * to the member (the owner reviews them). Made through the API.
 */
async function workspaceWithMember(request: APIRequestContext) {
  const owner = await createVerifiedAccount(request, { firstName: 'Minh', lastName: 'Tran' });
  const member = await createVerifiedAccount(request, { firstName: 'Lan', lastName: 'Do' });
  const created = await request.post(`${api}/workspaces`, {
    headers: headers(owner),
    data: { name: 'Physics 201', workspace_type: 'course' },
  });
  expect(created.ok()).toBe(true);
  const workspaceId = (await created.json()).resource.id as number;
  const invite = await request.get(`${api}/workspaces/${workspaceId}/invite`, {
    headers: headers(owner),
  });
  const joined = await request.post(`${api}/join/join-to-workspace`, {
    headers: headers(member),
    data: { token: (await invite.json()).resource.token },
  });
  expect(joined.ok()).toBe(true);
  const memberId = (await (await request.get(`${api}/user`, { headers: headers(member) })).json())
    .resource.id as number;
  const taskIds: number[] = [];
  for (const name of ['Pendulum lab', 'Optics lab', 'Lens lab']) {
    const task = await request.post(`${api}/workspaces/${workspaceId}/tasks-by-owner`, {
      headers: headers(owner),
      data: { name, user_ids: [memberId], reviewer_ids: [] },
    });
    expect(task.status()).toBe(201);
    taskIds.push((await task.json()).resource.task.id as number);
  }
  return { owner, member, workspaceId, taskIds };
}

/** A browser of its own for one person, signed in. */
async function signedInPage(browser: Browser, account: TestAccount): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([
    { name: 'access_token', value: account.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: account.language, url: E2E_BASE_URL },
  ]);
  return context.newPage();
}

/** The member hands in their work on a task through its page. */
async function handIn(page: Page, workspaceId: number, taskId: number, name: string) {
  await page.goto(`/workspaces/${workspaceId}/tasks/${taskId}/info`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Submit: ${name}` });
  await dialog.getByLabel('Answer (optional)').fill('Measurements and discussion.');
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Passes the page's sockets through to the server, and can cut them: the live ones are closed,
 * and new ones stall (the server's first words are held back, as on a dead network path) until
 * the connection is restored.
 */
async function cuttableSockets(page: Page) {
  const live: WebSocketRoute[] = [];
  const stalled: (() => void)[] = [];
  const state = { cut: false, connections: 0, closedByPage: 0 };
  await page.routeWebSocket(/\/_socket_\//, (ws) => {
    const server = ws.connectToServer();
    state.connections += 1;
    live.push(ws, server);
    const held: (string | Buffer)[] = [];
    stalled.push(() => held.splice(0).forEach((message) => ws.send(message)));
    server.onMessage((message) => (state.cut ? held.push(message) : ws.send(message)));
    ws.onClose(() => {
      state.closedByPage += 1;
      void server.close();
    });
    server.onClose(() => void ws.close());
  });
  return {
    state,
    cut: async () => {
      state.cut = true;
      for (const side of live.splice(0)) await side.close();
    },
    restore: () => {
      state.cut = false;
      stalled.splice(0).forEach((flush) => flush());
    },
  };
}

test('a hand-in moves the card on the reviewer’s open board, live and after a cut connection', async ({
  browser,
  request,
}, testInfo) => {
  const { owner, member, workspaceId, taskIds } = await workspaceWithMember(request);
  const ownerPage = await signedInPage(browser, owner);
  const memberPage = await signedInPage(browser, member);
  const sockets = await cuttableSockets(ownerPage);

  await ownerPage.goto(`/workspaces/${workspaceId}/tasks`);
  await ownerPage.getByRole('region', { name: 'Tasks' }).locator('[data-view="board"]').click();
  const column = (name: string) => ownerPage.getByRole('region', { name, exact: true });
  const card = (columnName: string, name: string) => column(columnName).getByRole('link', { name });
  for (const name of ['Pendulum lab', 'Optics lab', 'Lens lab']) {
    await expect(card('To do', name)).toBeVisible();
  }
  await expect.poll(() => sockets.state.connections).toBe(1);
  // The board is never reloaded: a marker on the window would not survive a reload.
  await ownerPage.evaluate(() => Object.assign(window, { boardNotReloaded: true }));

  // Live: the member hands in, the owner's board follows.
  await handIn(memberPage, workspaceId, taskIds[0], 'Pendulum lab');
  await expect(card('In review', 'Pendulum lab')).toBeVisible({ timeout: 5_000 });
  await expect(card('To do', 'Pendulum lab')).toHaveCount(0);
  await ownerPage.screenshot({ path: testInfo.outputPath('board-after-live-move.png') });

  // The socket is cut and cannot come back for now; the member hands in meanwhile.
  await sockets.cut();
  await handIn(memberPage, workspaceId, taskIds[1], 'Optics lab');
  await expect(card('To do', 'Optics lab')).toBeVisible();
  // It comes back (after the client's backoff) and the board catches up on what it missed.
  sockets.restore();
  await expect(card('In review', 'Optics lab')).toBeVisible({ timeout: 20_000 });
  await expect(card('To do', 'Optics lab')).toHaveCount(0);
  expect(sockets.state.connections).toBeGreaterThanOrEqual(2);

  // The browser goes offline: the banner shows and the app closes its socket.
  const closedBefore = sockets.state.closedByPage;
  await ownerPage.context().setOffline(true);
  await expect(ownerPage.getByText('You are offline').first()).toBeVisible();
  await expect.poll(() => sockets.state.closedByPage).toBeGreaterThan(closedBefore);
  await handIn(memberPage, workspaceId, taskIds[2], 'Lens lab');
  await expect(card('To do', 'Lens lab')).toBeVisible();
  // Online again: it reconnects at once and catches up.
  await ownerPage.context().setOffline(false);
  await expect(card('In review', 'Lens lab')).toBeVisible({ timeout: 10_000 });
  await expect(card('To do', 'Lens lab')).toHaveCount(0);

  expect(await ownerPage.evaluate(() => 'boardNotReloaded' in window)).toBe(true);
  await ownerPage.screenshot({ path: testInfo.outputPath('board-after-reconnect.png') });
  // This test drives browsers of its own, so it runs the usability guard itself.
  await expectMenuNavigates(ownerPage);
  await ownerPage.context().close();
  await memberPage.context().close();
});

test('a new member and a role change show on open screens without reload', async ({
  browser,
  request,
}) => {
  const owner = await createVerifiedAccount(request, { firstName: 'Minh', lastName: 'Tran' });
  const newcomer = await createVerifiedAccount(request, { firstName: 'Hoa', lastName: 'Le' });
  const created = await request.post(`${api}/workspaces`, {
    headers: headers(owner),
    data: { name: 'Biology 110', workspace_type: 'course' },
  });
  const workspaceId = (await created.json()).resource.id as number;
  const ownerPage = await signedInPage(browser, owner);
  await ownerPage.goto(`/workspaces/${workspaceId}/people`);
  await expect(ownerPage.getByText('Minh Tran').first()).toBeVisible();
  await expect(ownerPage.getByText('Hoa Le')).toHaveCount(0);

  // The newcomer joins through the invite link: the owner's people list shows them.
  const invite = await request.get(`${api}/workspaces/${workspaceId}/invite`, {
    headers: headers(owner),
  });
  const joined = await request.post(`${api}/join/join-to-workspace`, {
    headers: headers(newcomer),
    data: { token: (await invite.json()).resource.token },
  });
  expect(joined.ok()).toBe(true);
  await expect(ownerPage.getByText('Hoa Le').first()).toBeVisible({ timeout: 5_000 });

  // The owner makes them an admin: the newcomer's open workspace page says so.
  const newcomerPage = await signedInPage(browser, newcomer);
  await newcomerPage.goto(`/workspaces/${workspaceId}`);
  await expect(newcomerPage.getByText('Member', { exact: true }).first()).toBeVisible();
  const newcomerId = (
    await (await request.get(`${api}/user`, { headers: headers(newcomer) })).json()
  ).resource.id as number;
  const changed = await request.put(
    `${api}/workspaces/${workspaceId}/users/${newcomerId}/change-role`,
    { headers: headers(owner), data: { role: 'admin' } },
  );
  expect(changed.ok()).toBe(true);
  await expect(newcomerPage.getByText('Admin', { exact: true }).first()).toBeVisible({
    timeout: 5_000,
  });
  await expectMenuNavigates(newcomerPage);
  await ownerPage.context().close();
  await newcomerPage.context().close();
});
