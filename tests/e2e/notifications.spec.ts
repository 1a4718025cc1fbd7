import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedAccount, signUpAndSignIn, type TestAccount } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { newestMailTo } from './support/mail';

const api = `${E2E_BASE_URL}/api/v2/core`;
const headers = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/** An owner's workspace the member joined through the invite link. */
async function workspaceWithMember(request: APIRequestContext, member: TestAccount) {
  const owner = await createVerifiedAccount(request, { firstName: 'Minh', lastName: 'Tran' });
  const created = await request.post(`${api}/workspaces`, {
    headers: headers(owner),
    data: { name: 'Biology 110', workspace_type: 'course' },
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
  return { owner, workspaceId, memberId };
}

test('a task given by the owner shows live in the member’s bell and inbox; mark all read', async ({
  page,
}) => {
  const member = await signUpAndSignIn(page, { firstName: 'Lan', lastName: 'Do' });
  const { owner, workspaceId, memberId } = await workspaceWithMember(page.request, member);

  await page.goto('/notification');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText('No notifications')).toBeVisible();
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notification-count')).toBeHidden();

  // The owner gives the member a task; nothing is reloaded on the member's side.
  const task = await page.request.post(`${api}/workspaces/${workspaceId}/tasks-by-owner`, {
    headers: headers(owner),
    data: { name: 'Cell diagram', user_ids: [memberId], reviewer_ids: [] },
  });
  expect(task.status()).toBe(201);

  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 15_000 });
  const item = page.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('You were given the task Cell diagram.');
  await expect(item).toHaveAttribute('data-read', '0');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  // A second one, then both are marked read at once.
  const second = await page.request.post(`${api}/workspaces/${workspaceId}/tasks-by-owner`, {
    headers: headers(owner),
    data: { name: 'Osmosis lab', user_ids: [memberId], reviewer_ids: [] },
  });
  expect(second.status()).toBe(201);
  await expect(page.getByTestId('notification-count')).toHaveText('2', { timeout: 15_000 });
  await page.getByRole('tab', { name: /Unread/ }).click();
  await expect(item).toHaveCount(2);

  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('You have read everything.')).toBeVisible();
  await expect(page.getByTestId('notification-count')).toBeHidden();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(item).toHaveCount(2);
  await expect(item.first()).toHaveAttribute('data-read', '1');

  // A notification opens what it is about.
  await item.filter({ hasText: 'Osmosis lab' }).getByRole('button').first().click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/tasks/\\d+/info$`));
});

test('notification settings: the switches save, and the Teams feed is said to be off', async ({
  page,
}) => {
  await signUpAndSignIn(page, { firstName: 'Hoa', lastName: 'Le' });
  await page.goto('/settings/notifications');
  await expect(page.getByTestId('teams-feed-state')).toContainText(
    'The Microsoft Teams activity feed is off on this server.',
  );
  const digest = page.getByTestId('setting-task_assigned_email_digest');
  await expect(digest).not.toBeChecked();
  await digest.check();
  await expect(digest).toBeChecked();
  await page.reload();
  await expect(page.getByTestId('setting-task_assigned_email_digest')).toBeChecked();
});

const pushWords = {
  en: {
    settings: 'Settings',
    tab: 'Notifications',
    more: /^\d+ more$/,
    section: 'Browser notifications',
    toggle: 'Show my notifications in this browser',
    failed: 'The browser did not turn notifications on. Try again.',
  },
  vi: {
    settings: 'Cài đặt',
    tab: 'Thông báo',
    more: /^Thêm \d+$/,
    section: 'Thông báo trên trình duyệt',
    toggle: 'Hiển thị thông báo của tôi trên trình duyệt này',
    failed: 'Trình duyệt chưa bật được thông báo. Hãy thử lại.',
  },
} as const;

for (const [language, width, height] of [
  ['en', 1280, 800],
  ['vi', 1280, 800],
  ['en', 360, 740],
  ['vi', 360, 740],
] as const) {
  test(`browser notifications (${language}, ${width} px): the switch asks the browser, and says when it cannot subscribe`, async ({
    page,
    context,
  }) => {
    const words = pushWords[language];
    await page.setViewportSize({ width, height });
    await context.grantPermissions(['notifications']);
    await signUpAndSignIn(page, { firstName: 'Minh', lastName: 'Tran', language });
    await page.goto('/');
    await page.getByRole('button', { name: /Minh Tran/ }).click();
    await page.getByRole('menuitem', { name: words.settings }).click();
    await expect(page).toHaveURL(/\/settings\/security-privacy$/);
    const direct = page.getByRole('tab', { name: words.tab });
    if (await direct.isVisible()) {
      await direct.click();
    } else {
      // On a phone the later tabs are behind the tab list's "N more" button.
      await page.getByRole('button', { name: words.more }).click();
      await page.getByRole('menuitemradio', { name: words.tab }).click();
    }
    const section = page.getByRole('region', { name: words.section });
    const toggle = section.getByRole('switch', { name: words.toggle });
    await expect(toggle).not.toBeChecked();
    // The browser grants the permission and registers the worker; its push service (Google's,
    // for Chromium) is out of reach here, so the subscription fails and the page says so.
    await toggle.click();
    await expect(section.getByText(words.failed)).toBeVisible({ timeout: 30_000 });
    await expect(toggle).not.toBeChecked();
    const worker = await page.evaluate(async () =>
      Boolean(await navigator.serviceWorker.getRegistration('/push-worker.js')),
    );
    expect(worker).toBe(true);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/browser-push-${language}-${width}.png` });
  });
}

test('the settings link in a notification mail changes settings without signing in', async ({
  page,
  browser,
}) => {
  const member = await createVerifiedAccount(page.request, { firstName: 'Quang', lastName: 'Vo' });
  const { owner, workspaceId, memberId } = await workspaceWithMember(page.request, member);
  const task = await page.request.post(`${api}/workspaces/${workspaceId}/tasks-by-owner`, {
    headers: headers(owner),
    data: { name: 'Leaf survey', user_ids: [memberId], reviewer_ids: [] },
  });
  expect(task.status()).toBe(201);
  const mail = await newestMailTo(member.email, {
    // The mail goes out from a job: on a busy machine it may take a while.
    timeout: 45_000,
    match: (candidate) => candidate.text.includes('/p/notifications/'),
  });
  expect(mail.subject).toBe('You were given the task Leaf survey.');
  const link = /https?:\/\/\S+\/p\/notifications\/[\w.-]+/.exec(mail.text)![0];

  // A browser that was never signed in.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(new URL(link).pathname);
  await expect(
    visitor.getByRole('heading', { name: 'Notification settings', level: 1 }),
  ).toBeVisible();
  await expect(visitor.getByTestId('token-email')).toContainText('p***@example.com');
  const email = visitor.getByTestId('setting-task_assigned_email');
  await expect(email).toBeChecked();
  // The switch turns at once; the reload waits for the save behind it.
  const saved = visitor.waitForResponse(
    (response) =>
      response.url().includes('notifications-with-token') && response.request().method() === 'POST',
  );
  await email.uncheck();
  await expect(email).not.toBeChecked();
  expect((await saved).ok()).toBe(true);
  await visitor.reload();
  await expect(visitor.getByTestId('setting-task_assigned_email')).not.toBeChecked();

  // A broken link says so.
  await visitor.goto('/p/notifications/1.2.not-a-real-signature');
  await expect(visitor.getByText('This link is not valid any more.')).toBeVisible();
  await context.close();
});
