import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedAccount, fillSignIn, type TestAccount } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/test';

/**
 * The calendar (issue 31), on a desktop and on a phone, reached from sign-in through the main
 * menu: an event made in the week view with the date picker shows on its day, and a task's
 * deadline shows on its day.
 */
const DEVICES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 360, height: 740 }],
] as const;
const core = `${E2E_BASE_URL}/api/v2/core`;
const headers = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/** A member with a task to hand in, due within the minute (so on today's date), by its owner. */
async function memberWithTask(request: APIRequestContext) {
  const owner = await createVerifiedAccount(request, { firstName: 'Olga', lastName: 'Owner' });
  const member = await createVerifiedAccount(request, { firstName: 'Mai', lastName: 'Member' });
  const created = await request.post(`${core}/workspaces`, {
    headers: headers(owner),
    data: { name: `Physics ${Date.now().toString(36)}`, workspace_type: 'course' },
  });
  const workspaceId = (await created.json()).resource.id as number;
  const invite = await request.get(`${core}/workspaces/${workspaceId}/invite`, {
    headers: headers(owner),
  });
  const joined = await request.post(`${core}/join/join-to-workspace`, {
    headers: headers(member),
    data: { token: (await invite.json()).resource.token },
  });
  expect(joined.ok()).toBe(true);
  const me = (await (await request.get(`${core}/user`, { headers: headers(member) })).json())
    .resource as { id: number; timezone: string };
  const due = new Date(Date.now() + 60_000);
  const task = await request.post(`${core}/workspaces/${workspaceId}/tasks-by-owner`, {
    headers: headers(owner),
    data: {
      name: 'Lab report 3',
      started_at: new Date(Date.now() - 86_400_000).toISOString(),
      expired_at: due.toISOString(),
      user_ids: [me.id],
    },
  });
  expect(task.ok()).toBe(true);
  return { member, zone: me.timezone, due };
}

/** A moment's date in a zone, as the calendar keys its days: 2026-11-27. */
const dayIn = (moment: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(moment);

async function openCalendar(page: Page, account: TestAccount) {
  await page.goto('/signin');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  if (page.viewportSize()!.width < 600) {
    await page.getByRole('button', { name: 'Open the menu' }).click();
  }
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Calendar' })
    .click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
}

for (const [device, viewport] of DEVICES) {
  test(`on a ${device}, an event made in the week view shows on its day, beside a task's deadline`, async ({
    page,
    request,
  }) => {
    const { member, zone, due } = await memberWithTask(request);
    await page.setViewportSize(viewport);
    await openCalendar(page, member);
    await expect(page.getByRole('tab', { name: 'Week', selected: true })).toBeVisible();

    const today = dayIn(due, zone);
    const day = page.locator(`[data-day="${today}"]`);
    await expect(day.getByRole('link', { name: /^Task deadline: .*Lab report 3/ })).toBeVisible();

    // The event goes on the week's first day, typed into the date picker as a person does.
    const weekStart = new Date(`${today}T12:00:00Z`);
    weekStart.setUTCDate(weekStart.getUTCDate() - weekStart.getUTCDay());
    const [year, month, date] = weekStart.toISOString().slice(0, 10).split('-');
    await page.getByRole('button', { name: 'New event', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New event' });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Study group');
    const start = dialog.getByRole('combobox', { name: /^Start/ }).first();
    await start.fill(`${month}/${date}/${year}`);
    await start.press('Tab');
    await expect(start).toHaveValue(`${month}/${date}/${year}`);
    await expect(dialog.getByRole('combobox', { name: /^End/ }).first()).toHaveValue(
      `${month}/${date}/${year}`,
    );
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();

    const eventDay = page.locator(`[data-day="${year}-${month}-${date}"]`);
    await expect(eventDay.getByRole('button', { name: /^Event: 09:00 Study group/ })).toBeVisible();
  });
}

test('on a phone, the Sync button leads to the sync screen, which says Google and Outlook are not configured', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, { firstName: 'Sam', lastName: 'Sync' });
  await page.setViewportSize({ width: 360, height: 740 });
  await openCalendar(page, account);
  await page.getByRole('link', { name: 'Sync' }).click();
  await expect(page).toHaveURL(/\/calendar\/sync$/);
  await expect(
    page.getByRole('heading', { name: 'Sync with other calendars', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Not configured by the administrator.')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Connect' })).toHaveCount(0);
  await expect(
    page.getByRole('switch', { name: 'Let team formation count my busy times as unavailable' }),
  ).not.toBeChecked();
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(sideways).toBe(false);
});
