import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { fillSignIn, type Language, type TestAccount } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { seedWorkspace, type SeededWorkspace } from './support/seed';

/**
 * Dashboards (issue 34): an owner reaches the workspace dashboard by clicks, sees its chart and
 * downloads the CSV; a member's /dashboard shows a task that is due and opens it. Screenshots
 * of both dashboards at 1280x800 and 360x740, in English and Vietnamese, go to
 * /tmp/dash-shots/ to be looked at.
 */
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const SHOTS = '/tmp/dash-shots';
const core = `${E2E_BASE_URL}/api/v2/core`;
const as = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/**
 * A task every member had to hand in, due a few seconds from now (the API takes only future due
 * dates) and waited past: this week's figures are then about 4 people.
 */
async function addPastDueTask(request: APIRequestContext, seeded: SeededWorkspace) {
  const day = 86_400_000;
  const members = await request.get(`${core}/workspaces/${seeded.workspaceId}/users`, {
    headers: as(seeded.owner),
  });
  const users = (await members.json()).resource.users as { id: number; role: string }[];
  const created = await request.post(`${core}/workspaces/${seeded.workspaceId}/tasks-by-owner`, {
    headers: as(seeded.owner),
    data: {
      name: 'Weekly lab report',
      started_at: new Date(Date.now() - 10 * day).toISOString(),
      expired_at: new Date(Date.now() + 4_000).toISOString(),
      user_ids: users.filter((u) => u.role === 'member').map((u) => u.id),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
}

async function signIn(page: Page, account: TestAccount) {
  await page.goto('/signin');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an owner opens the workspace dashboard by clicks, sees the chart and downloads the CSV', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const seeded = await seedWorkspace(page.request);
  await addPastDueTask(page.request, seeded);
  await signIn(page, seeded.owner);

  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Workspaces' })
    .first()
    .click();
  await page.getByRole('link', { name: seeded.workspaceName }).first().click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${seeded.workspaceId}/dashboard`));
  const figures = page.getByTestId('workspace-figures');
  await expect(figures.getByRole('heading', { name: 'Figures' })).toBeVisible();
  const chart = page.getByTestId('tasks-chart');
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await expect(chart.locator('.recharts-line')).toHaveCount(2);
  // The chart's own table: this week has the four members' units.
  await expect(page.getByTestId('tasks-chart-data')).toContainText('4');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^dashboard-\d+-12w\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toContain('Units due');

  // A team filter of two people leaves too few to show anything.
  await figures.getByRole('combobox', { name: 'Team' }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/team=\d+/);
  await expect(figures.getByText(/too few people/)).toBeVisible();
});

test('a member’s dashboard lists a task that is due and opens it; the member sees no figures', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const seeded = await seedWorkspace(page.request);
  await signIn(page, seeded.member);
  const due = page.getByTestId('dashboard-due');
  const link = due.getByRole('link', { name: 'Sprint 1 retrospective' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${seeded.workspaceId}/tasks/\\d+`));
  await page.goto(`/workspaces/${seeded.workspaceId}/dashboard`);
  await expect(page.getByRole('link', { name: /Tasks/ }).first()).toBeVisible();
  await expect(page.getByTestId('workspace-figures')).toHaveCount(0);
});

for (const language of ['en', 'vi'] as const satisfies Language[]) {
  test(`screenshots of both dashboards in ${language}`, async ({ page }) => {
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    const seeded = await seedWorkspace(page.request, language);
    await addPastDueTask(page.request, seeded);
    await page.context().addCookies([
      { name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL },
      { name: 'i18n_redirected', value: language, url: E2E_BASE_URL },
    ]);
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/mine-${language}-${name}.png`, fullPage: true });
      await page.goto(`/workspaces/${seeded.workspaceId}/dashboard`);
      await expect(page.getByTestId('tasks-chart')).toBeVisible({ timeout: 30_000 });
      await noSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/workspace-${language}-${name}.png`, fullPage: true });
      await page.goto('/dashboard/test');
      await expect(page.getByTestId('check-due')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/test-${language}-${name}.png`, fullPage: true });
    }
  });
}
