import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedAccount, signUpAndSignIn, type TestAccount } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/test';

/**
 * Issue 28's last journeys, on a desktop and on a phone: a skill search shows its best matches
 * first and in view, and "… is typing" goes away with the message it announced.
 */
const DEVICES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 360, height: 740 }],
] as const;
const core = `${E2E_BASE_URL}/api/v2/core`;
const headers = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/** Two people of one workspace with a chat between them, made through the API. */
async function twoPeople(request: APIRequestContext) {
  const ana = await createVerifiedAccount(request, { firstName: 'Ana', lastName: 'Vo' });
  const binh = await createVerifiedAccount(request, { firstName: 'Binh', lastName: 'Le' });
  const created = await request.post(`${core}/workspaces`, {
    headers: headers(ana),
    data: { name: 'Chemistry 120', workspace_type: 'course' },
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
  const chat = await request.post(`${E2E_BASE_URL}/api/v2/messaging/chats/user-chat`, {
    headers: headers(ana),
    data: { user_id: binhId },
  });
  expect(chat.ok()).toBe(true);
  return { ana, binh, chatId: (await chat.json()).resource.chat.id as number };
}

async function signIn(page: Page, account: TestAccount) {
  await page.context().addCookies([
    { name: 'access_token', value: account.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: account.language, url: E2E_BASE_URL },
  ]);
}

for (const [device, viewport] of DEVICES) {
  test(`on a ${device}, a skill search shows the best matches first and in view`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page, { firstName: 'Lien', lastName: 'Pham' });
    await page.goto('/profile/skills');
    const picker = page.getByRole('combobox', { name: 'Add skills' });
    await picker.click();
    await picker.fill('rea');
    const list = page.getByRole('listbox');
    // Names that begin with the words typed come first, and the list shows them.
    await expect(list.getByRole('option').first()).toHaveText(/^Rea/);
    for (const name of ['React', 'Real estate']) {
      await expect(list.getByRole('option', { name, exact: true })).toBeInViewport();
    }
    await list.getByRole('option', { name: 'React', exact: true }).click();
    await expect(
      page.getByRole('list', { name: 'Your skills' }).getByText('React', { exact: true }),
    ).toBeVisible();
    await picker.press('Escape');
  });

  test(`on a ${device}, "is typing" goes away once the message is sent`, async ({
    page,
    browser,
    request,
  }) => {
    const { ana, binh, chatId } = await twoPeople(request);
    await page.setViewportSize(viewport);
    await signIn(page, binh);
    await page.goto(`/messages?chat=${chatId}`);
    const anaContext = await browser.newContext({ viewport });
    const anaPage = await anaContext.newPage();
    await signIn(anaPage, ana);
    await anaPage.goto(`/messages?chat=${chatId}`);

    const composer = anaPage.getByRole('textbox', { name: /Write a message/ });
    // A first message, seen live: both sides are connected to the chat.
    await composer.fill('Hi Binh');
    await composer.press('Enter');
    await expect(page.getByTestId('chat-message').getByText('Hi Binh')).toBeVisible();
    // Typing at a person's pace: the composer says so at most every 3 s.
    await composer.pressSequentially('Are you coming to the lab?', { delay: 150 });
    const typing = page.getByText('Ana is typing…');
    await expect(typing).toBeVisible();
    await composer.press('Enter');
    await expect(
      page.getByTestId('chat-message').getByText('Are you coming to the lab?'),
    ).toBeVisible();
    // Gone with the message itself, not when the typing would have timed out (4 s later).
    await expect(typing).toBeHidden({ timeout: 1000 });
    await anaContext.close();
  });
}
