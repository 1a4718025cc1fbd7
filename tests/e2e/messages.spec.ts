import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createVerifiedAccount, type TestAccount } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/test';

const core = `${E2E_BASE_URL}/api/v2/core`;
const messaging = `${E2E_BASE_URL}/api/v2/messaging`;
const headers = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/** Two people in one workspace (the second joined through the invite link). */
async function twoPeople(request: APIRequestContext) {
  const ana = await createVerifiedAccount(request, { firstName: 'Ana', lastName: 'Vo' });
  const binh = await createVerifiedAccount(request, { firstName: 'Binh', lastName: 'Le' });
  const created = await request.post(`${core}/workspaces`, {
    headers: headers(ana),
    data: { name: 'Biology 110', workspace_type: 'course' },
  });
  const workspaceId = (await created.json()).resource.id as number;
  const invite = await request.get(`${core}/workspaces/${workspaceId}/invite`, {
    headers: headers(ana),
  });
  const joined = await request.post(`${core}/join/join-to-workspace`, {
    headers: headers(binh),
    data: { token: (await invite.json()).resource.token },
  });
  expect(joined.ok()).toBe(true);
  const binhId = (await (await request.get(`${core}/user`, { headers: headers(binh) })).json())
    .resource.id as number;
  const chat = await request.post(`${messaging}/chats/user-chat`, {
    headers: headers(ana),
    data: { user_id: binhId },
  });
  expect(chat.ok()).toBe(true);
  return { ana, binh, workspaceId, chatId: (await chat.json()).resource.chat.id as number };
}

async function signedInPage(browser: Browser, account: TestAccount): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([
    { name: 'access_token', value: account.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: account.language, url: E2E_BASE_URL },
  ]);
  return context.newPage();
}

test('two people chat live; the unread count and page title follow on the other side, also after a reconnect', async ({
  browser,
  request,
}) => {
  const { ana, binh, workspaceId, chatId } = await twoPeople(request);
  const anaPage = await signedInPage(browser, ana);
  const binhPage = await signedInPage(browser, binh);

  // Binh is elsewhere in the app: the title carries no count yet.
  await binhPage.goto(`/workspaces/${workspaceId}`);
  await expect(binhPage).toHaveTitle(/^Teamloop/);

  await anaPage.goto(`/messages?chat=${chatId}`);
  const composer = anaPage.getByRole('textbox', { name: /Write a message/ });
  await composer.fill('Hello Binh, did you see the lab notes?');
  await composer.press('Enter');
  await expect(
    anaPage.getByTestId('chat-message').getByText('did you see the lab notes'),
  ).toBeVisible();

  // Live, on Binh's other page: the title says (1).
  await expect(binhPage).toHaveTitle(/^\(1\) Teamloop/);
  await composer.fill('And the slides?');
  await composer.press('Enter');
  await expect(binhPage).toHaveTitle(/^\(2\) Teamloop/);

  // Binh's chat list shows the unread badge; opening the chat reads it.
  await binhPage.goto('/messages');
  const entry = binhPage.getByTestId('chat-entry').filter({ hasText: 'Ana Vo' });
  await expect(entry.getByTestId('chat-unread')).toHaveText('2');
  await entry.click();
  await expect(binhPage.getByTestId('chat-message').getByText('And the slides?')).toBeVisible();
  await expect(entry.getByTestId('chat-unread')).toHaveCount(0);
  await expect(binhPage).not.toHaveTitle(/^\(\d+\)/);

  // Binh answers; it appears on Ana's open conversation without a reload.
  const binhComposer = binhPage.getByRole('textbox', { name: /Write a message/ });
  await binhComposer.fill('Yes, both. Thanks!');
  await binhComposer.press('Enter');
  await expect(anaPage.getByTestId('chat-message').getByText('Yes, both. Thanks!')).toBeVisible();

  // Binh's connection is cut while Ana writes twice; after the reconnect the counts are right.
  await binhPage.goto(`/workspaces/${workspaceId}`);
  await expect(binhPage).toHaveTitle(/^Teamloop/);
  // The app closes its socket when the browser says it is offline, and opens it again online.
  await binhPage.evaluate(() => window.dispatchEvent(new Event('offline')));
  for (const text of ['One more thing', 'Meeting at 3?']) {
    await composer.fill(text);
    await composer.press('Enter');
    await expect(anaPage.getByTestId('chat-message').getByText(text)).toBeVisible();
  }
  await expect(binhPage).toHaveTitle(/^Teamloop/);
  const menu = await request.get(`${core}/menu`, { headers: headers(binh) });
  expect((await menu.json()).resource.new_messages_count).toBe(2);
  await binhPage.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(binhPage).toHaveTitle(/^\(2\) Teamloop/, { timeout: 20_000 });

  await anaPage.context().close();
  // The test's usability check runs on the default page: leave Binh's context open there.
  await binhPage.context().close();
});

test('a group chat: made, a message with a mention, muted, and left', async ({ page, request }) => {
  const { ana, binh } = await twoPeople(request);
  await page.context().addCookies([
    { name: 'access_token', value: ana.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: ana.language, url: E2E_BASE_URL },
  ]);
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New group chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'New group chat' });
  await dialog.getByLabel('Name').fill('Lab partners');
  await dialog.getByRole('combobox', { name: 'Members' }).click();
  await page.getByRole('option', { name: /Binh Le/ }).click();
  await dialog.getByText('New group chat').click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('heading', { name: 'Lab partners' }).or(page.getByText('Lab partners').first()),
  ).toBeVisible();

  const composer = page.getByRole('textbox', { name: /Write a message/ });
  await composer.fill('Hi @Bi');
  await page.getByRole('menuitem', { name: 'Binh Le' }).click();
  await composer.press('End');
  await composer.pressSequentially('welcome!');
  await composer.press('Enter');
  await expect(page.getByTestId('chat-message').getByText('@Binh Le')).toBeVisible();

  const binhChats = await request.get(`${messaging}/chats`, { headers: headers(binh) });
  const group = (await binhChats.json()).resource.chats.find(
    (c: { name: string }) => c.name === 'Lab partners',
  );
  expect(group).toMatchObject({ is_tagged: true, count_new_messages: 1 });

  await page.getByRole('button', { name: 'Chat actions' }).click();
  await page.getByRole('menuitem', { name: 'Mute' }).click();
  await expect(
    page.getByTestId('chat-entry').filter({ hasText: 'Lab partners' }).getByLabel('Muted'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Chat actions' }).click();
  await page.getByRole('menuitem', { name: 'Leave chat' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave chat' }).click();
  await expect(page.getByText('You left this chat.')).toBeVisible();
});
