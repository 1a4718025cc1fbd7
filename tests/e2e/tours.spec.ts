import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { E2E_BASE_URL } from './support/env';
import { signUpAndSignIn, type Language, type TestAccount } from './support/accounts';
import { seedWorkspace } from './support/seed';

const SHOTS = '/tmp/tours-shots';
mkdirSync(SHOTS, { recursive: true });

const card = (page: Page, name: string) => page.locator(`[data-tour-card="${name}"]`);

async function tourStates(page: Page, account: TestAccount) {
  const response = await page.request.get(`${E2E_BASE_URL}/api/v2/core/tours`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  return ((await response.json()) as { resource: { tours: Record<string, unknown> } }).resource
    .tours;
}

test('the workspaces tour runs on the first visit, moves to the page a step needs, and once skipped stays away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await signUpAndSignIn(page, { pendingTours: ['workspaces'] });
  await page.goto('/workspaces');
  const tour = card(page, 'workspaces');
  await expect(tour).toBeVisible();
  await expect(tour.getByText('Step 1 of 5')).toBeVisible();
  await expect(tour.getByText('The menu bar')).toBeVisible();
  const box = await tour.boundingBox();
  // Layout widths are fractional (320.00003 was seen): compare whole pixels.
  expect(Math.round(box!.width)).toBeGreaterThanOrEqual(250);
  expect(Math.round(box!.width)).toBeLessThanOrEqual(320);
  // The card does not hold the page: the list behind it still answers.
  await expect(page.getByRole('heading', { name: 'Workspaces', level: 1 })).toBeVisible();

  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText('Your workspaces')).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText('New workspace')).toBeVisible();
  await tour.getByRole('button', { name: 'Back' }).click();
  await expect(tour.getByText('Your workspaces')).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByText('Choose a workspace type')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/tour-desktop-en.png` });
  // The last step needs the form of a new workspace: the tour goes there.
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/workspaces\/general$/);
  await expect(tour.getByText('Step 5 of 5')).toBeVisible();
  await expect(tour.getByText('Basic information', { exact: true })).toBeVisible();
  // Back to a step of the list: the tour goes back to the list.
  await tour.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/workspaces$/);
  await expect(tour.getByText('Step 4 of 5')).toBeVisible();
  await tour.getByRole('button', { name: 'Skip' }).click();
  await expect(tour).toBeHidden();
  // Saves go one after another: the skip lands after the steps before it.
  await expect
    .poll(async () => (await tourStates(page, account)).workspaces)
    .toEqual({ status: 'skipped', step: 3 });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Workspaces', level: 1 })).toBeVisible();
  // The saved state is what keeps it away: the page read it before deciding.
  await expect.poll(async () => (await tourStates(page, account)).workspaces).toBeTruthy();
  await page.waitForTimeout(1500);
  await expect(tour).toBeHidden();
});

test('skipping on the last step counts as finishing', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await signUpAndSignIn(page, { pendingTours: ['workspaces'] });
  await page.goto('/workspaces');
  const tour = card(page, 'workspaces');
  for (let step = 1; step < 5; step++) {
    await expect(tour.getByText(`Step ${step} of 5`)).toBeVisible();
    await tour.getByRole('button', { name: 'Next' }).click();
  }
  await expect(tour.getByText('Step 5 of 5')).toBeVisible();
  await tour.getByRole('button', { name: 'Skip' }).click();
  await expect(tour).toBeHidden();
  await expect
    .poll(async () => (await tourStates(page, account)).workspaces)
    .toEqual({ status: 'finished', step: 4 });
});

test('the mobile variant runs separately at 360 px', async ({ page }) => {
  // Seen on a desktop already: the phone still gets its own first visit.
  const account = await signUpAndSignIn(page, { pendingTours: ['workspaces-mobile'] });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/workspaces');
  const tour = card(page, 'workspaces-mobile');
  await expect(tour).toBeVisible();
  await expect(tour.getByText('Step 1 of 5')).toBeVisible();
  const box = await tour.boundingBox();
  // Layout widths are fractional (320.00003 was seen): compare whole pixels.
  expect(Math.round(box!.width)).toBeGreaterThanOrEqual(250);
  expect(Math.round(box!.width)).toBeLessThanOrEqual(320);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(Math.round(box!.x + box!.width)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/tour-mobile-en.png` });
  await tour.getByRole('button', { name: 'Close the tour' }).click();
  await expect(tour).toBeHidden();
  await expect
    .poll(async () => (await tourStates(page, account))['workspaces-mobile'])
    .toEqual({ status: 'skipped', step: 0 });
  expect((await tourStates(page, account)).workspaces).toEqual({ status: 'finished' });

  // On a desktop, the desktop tour is the one that counts: finished, so nothing shows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Workspaces', level: 1 })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.locator('[data-tour-card]')).toBeHidden();
});

for (const language of ['en', 'vi'] as Language[]) {
  test(`screens (${language}): tour card, support widget, share dialog, shared link refused`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const seeded = await seedWorkspace(page.request, language);
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ]) {
      await page.setViewportSize({ width, height });
      const tourName = width < 600 ? 'workspaces-mobile' : 'workspaces';
      await signUpAndSignIn(page, { language, pendingTours: [tourName] });
      await page.goto('/workspaces');
      // The card waits for the tours list, a short pause and its own code: roomy on a busy machine.
      await expect(card(page, tourName)).toBeVisible({ timeout: 20_000 });
      await page.screenshot({ path: `${SHOTS}/tour-${width}-${language}.png` });
      await card(page, tourName).locator('[data-tour-action="skip"]').first().click();
      await expect(card(page, tourName)).toBeHidden();

      // The support widget: open on desktops, hidden on phones.
      const widget = page.locator('[data-support-widget]');
      if (width < 600) {
        await expect(widget).toHaveCount(0);
      } else {
        await widget.getByRole('button').first().click();
        const support = page.getByRole('dialog');
        await expect(support).toBeVisible();
        // The e2e server has no SUPPORT_EMAIL: the form says so and stays closed.
        await expect(support.getByText('SUPPORT_EMAIL')).toBeVisible();
        await expect(support.getByRole('textbox')).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/support-${width}-${language}.png` });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
      }

      // A shared link to a workspace this person is not in: refused, no name shown.
      await page.goto(`/share/${seeded.workspaceId}/task/${seeded.reviewedTaskId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(seeded.workspaceName)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/share-refused-${width}-${language}.png` });
    }

    // The owner's share dialog on the task.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const ownerPage = await context.newPage();
    await context.addCookies([
      { name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL },
      { name: 'i18n_redirected', value: language, url: E2E_BASE_URL },
    ]);
    await ownerPage.goto(`/share/${seeded.workspaceId}/task/${seeded.reviewedTaskId}`);
    await expect(ownerPage).toHaveURL(
      new RegExp(`/workspaces/${seeded.workspaceId}/tasks/${seeded.reviewedTaskId}/info$`),
    );
    // The task has loaded (its Share is there too) before the last Share is the task's.
    await expect(
      ownerPage.getByRole('heading', { name: 'Requirements document', level: 1 }),
    ).toBeVisible();
    await ownerPage
      .locator('main')
      .getByRole('button', { name: language === 'en' ? 'Share' : 'Chia sẻ' })
      // The workspace header has its own Share; the task's is the last one.
      .last()
      .click();
    const dialog = ownerPage.getByRole('dialog');
    await expect(dialog.getByRole('textbox')).toHaveValue(
      `${E2E_BASE_URL}/share/${seeded.workspaceId}/task/${seeded.reviewedTaskId}`,
    );
    await ownerPage.screenshot({ path: `${SHOTS}/share-1280-${language}.png` });
    await ownerPage.setViewportSize({ width: 360, height: 740 });
    await ownerPage.screenshot({ path: `${SHOTS}/share-360-${language}.png` });
    await dialog.getByRole('button', { name: language === 'en' ? 'Done' : 'Xong' }).click();
    await context.close();
  });
}

test('a signed-out visitor signs in and comes back to the shared record', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const seeded = await seedWorkspace(page.request);
  await page.goto(`/share/${seeded.workspaceId}/workspace`);
  await expect(page).toHaveURL(/\/signin/);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(seeded.member.email);
  await page.getByLabel(/^Password\b/).fill(seeded.member.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${seeded.workspaceId}/dashboard$`));
});
