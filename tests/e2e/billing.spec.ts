import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import {
  createVerifiedAccount,
  fillSignIn,
  signUpAndSignIn,
  type TestAccount,
} from './support/accounts';
import { E2E_BASE_URL } from './support/env';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** A workspace of the account's own, made through the API. */
async function ownWorkspace(page: Page, owner: TestAccount, name: string): Promise<number> {
  const response = await page.request.post(`${E2E_BASE_URL}/api/v2/core/workspaces`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name, workspace_type: 'general' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { resource: { id: number } }).resource.id;
}

async function signIn(page: Page, account: TestAccount) {
  await page.goto('/signin');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Settings from the account menu, then one of its tabs (on a phone, maybe behind "N more"). */
async function openSettingsTab(page: Page, account: TestAccount, tab: string) {
  await page
    .getByRole('button', { name: `Account menu of ${account.firstName} ${account.lastName}` })
    .click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/security-privacy$/);
  const tabs = page.getByRole('tablist', { name: 'Settings' });
  const direct = tabs.getByRole('tab', { name: tab });
  if (await direct.isVisible()) {
    await direct.click();
  } else {
    await page.getByRole('button', { name: /^\d+ more$/ }).click();
    await page.getByRole('menuitemradio', { name: tab }).click();
  }
}

/** A picture for a person to look at, beside the test's other output. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('an owner upgrades on the local test processor, pays, and sees the new plan', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const owner = await createVerifiedAccount(page.request, { firstName: 'Thu', lastName: 'Ha' });
  await ownWorkspace(page, owner, 'Design studio');
  await signIn(page, owner);

  await openSettingsTab(page, owner, 'Subscriptions and payments');
  await expect(page).toHaveURL(/\/settings\/subscriptions-payments/);
  // The local processor says so on the page.
  await expect(page.getByText('Test payments: no card is charged')).toBeVisible();
  const current = page.getByTestId('billing-current-plan');
  await expect(current).toHaveAttribute('data-plan', 'free');
  await expect(page.getByTestId('billing-usage-members')).toContainText('Members: 1 of 20');
  await expect(page.getByTestId('billing-plans').getByRole('group')).toHaveCount(3);
  await expect(page.getByText('No invoices yet.', { exact: false })).toBeVisible();
  await shot(page, 'desktop-subscriptions-free');

  // Upgrade: the server makes the prorated invoice, the dialog shows it, then the card page.
  await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(dialog.getByTestId('billing-upgrade-lines')).toContainText('Total');
  await shot(page, 'desktop-upgrade-dialog');
  await dialog.getByRole('button', { name: /^Pay \$\d/ }).click();

  // The local processor's page (served by our server, never in production).
  await expect(page.getByText(/no card is charged/i).first()).toBeVisible();
  await page.getByRole('button', { name: 'Simulate a successful payment' }).click();

  // Back on the result page: pending until the webhook, then paid with the new plan.
  await expect(page).toHaveURL(/\/payments\/result\/\d+/);
  await expect(page.getByRole('heading', { name: 'Payment result', level: 1 })).toBeVisible();
  await expect(page.getByText('Test payments: no card is charged')).toBeVisible();
  const result = page.getByTestId('payment-result');
  await expect(result).toHaveAttribute('data-status', 'paid', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByTestId('payment-new-plan')).toHaveAttribute('data-plan', 'premium');
  await expect(page.getByTestId('payment-new-plan')).toContainText('Premium');
  await shot(page, 'desktop-result-paid');

  // Back to settings: the plan is Premium and the invoice is paid.
  await page.getByRole('link', { name: 'Back to subscriptions and payments' }).click();
  await expect(page).toHaveURL(/\/settings\/subscriptions-payments\?workspace=\d+$/);
  await expect(current).toHaveAttribute('data-plan', 'premium');
  const invoice = page.getByTestId('billing-invoice');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toHaveAttribute('data-status', 'paid');
  await expect(invoice).toContainText('Paid');
  await expect(page.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeEnabled();
  await shot(page, 'desktop-subscriptions-premium');

  // The invoice as a PDF.
  const download = page.waitForEvent('download');
  await invoice.getByRole('button', { name: /Download invoice .* as PDF/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});

test('the four settings pages are reached by clicks, on a phone without sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const owner = await createVerifiedAccount(page.request, { firstName: 'Khoa', lastName: 'Do' });
  await ownWorkspace(page, owner, 'Robotics club');
  await signIn(page, owner);

  await openSettingsTab(page, owner, 'Integrations');
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(page.getByTestId('integration-teams')).toHaveAttribute(
    'data-status',
    'not_connected',
  );
  // The test server has no Zoom app: said in words, not hidden.
  await expect(page.getByTestId('integration-zoom')).toHaveAttribute(
    'data-status',
    'not_configured',
  );
  await expect(page.getByTestId('integration-lti')).toHaveAttribute('data-status', 'not_connected');
  await expect(
    page.getByTestId('integration-calendar').getByRole('link', { name: 'Open calendar sync' }),
  ).toHaveAttribute('href', '/calendar/sync');
  expect(await noSidewaysScroll(page)).toBe(true);
  await shot(page, 'phone-integrations');

  for (const [tab, path] of [
    ['Subscriptions and payments', /\/settings\/subscriptions-payments$/],
    ['Notifications', /\/settings\/notifications$/],
    ['Security and privacy', /\/settings\/security-privacy$/],
  ] as const) {
    await openSettingsTab(page, owner, tab);
    await expect(page).toHaveURL(path);
    if (tab === 'Subscriptions and payments') {
      await expect(page.getByTestId('billing-current-plan')).toHaveAttribute('data-plan', 'free');
      await expect(page.getByTestId('billing-plans').getByRole('group')).toHaveCount(3);
      await shot(page, 'phone-subscriptions');
    }
    expect(await noSidewaysScroll(page)).toBe(true);
  }

  // A result page with no payment says so, and leads back.
  await page.goto('/payments/result');
  await expect(page.getByRole('heading', { name: 'No payment to show' })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  await shot(page, 'phone-result-none');
  await page.getByRole('link', { name: 'Back to subscriptions and payments' }).click();
  await expect(page).toHaveURL(/\/settings\/subscriptions-payments$/);
});

test('in Vietnamese, the plans and the test-payment banner read in Vietnamese on a phone', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const owner = await signUpAndSignIn(page, { language: 'vi', firstName: 'Lan' });
  await ownWorkspace(page, owner, 'Câu lạc bộ thiết kế');
  await page.goto('/settings/subscriptions-payments');
  await expect(page.getByText('Thanh toán thử: không thẻ nào bị trừ tiền')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gói hiện tại' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nâng cấp lên Premium' })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  await shot(page, 'phone-subscriptions-vi');
});
