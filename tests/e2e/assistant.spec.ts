import type { Page } from '@playwright/test';
import { fillSignIn, type TestAccount } from './support/accounts';
import { seedWorkspace, type SeededWorkspace } from './support/seed';
import { expect, test } from './support/test';

/**
 * The team assistant (issue 34): reached by clicks from sign-in, it answers "who has not
 * submitted" with the right names for the owner and with none for a member who may not read
 * submission reports. With SHOTS_DIR set, it also saves the panel at 1280x800 and 360x740.
 */
const SHOTS = process.env.SHOTS_DIR;

async function openAssistant(page: Page, account: TestAccount, seeded: SeededWorkspace) {
  await page.context().clearCookies();
  await page.goto('/signin');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page
    .getByRole('main')
    .getByRole('link', { name: /^(Workspaces|Không gian làm việc)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/workspaces$/);
  await page.getByRole('main').getByText(seeded.workspaceName).first().click();
  await expect(page.getByRole('heading', { name: seeded.workspaceName, level: 1 })).toBeVisible();
  await page.getByTestId('assistant-open').click();
  const panel = page.getByRole('dialog', { name: /^(Team assistant|Trợ lý nhóm)$/ });
  await expect(panel).toBeVisible();
  // Focus lands in the question box, so the person can type at once.
  await expect(panel.getByTestId('assistant-input')).toBeFocused();
  return panel;
}

async function askInPanel(page: Page, question: string) {
  const input = page.getByTestId('assistant-input');
  await input.fill(question);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

test('the owner asks who has not submitted a task and sees exactly those people', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const seeded = await seedWorkspace(page.request);
  await page.setViewportSize({ width: 1280, height: 800 });
  const panel = await openAssistant(page, seeded.owner, seeded);
  await expect(panel.getByText(/No language model is configured/)).toBeVisible();
  await askInPanel(page, 'Who has not submitted the requirements doc?');
  const log = panel.getByRole('log');
  await expect(log.getByText(/2 of 4 have not handed in “Requirements document”/)).toBeVisible();
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log.getByText('Quang Tran')).toBeVisible();
  await expect(log.getByText('Thao Vu')).toBeVisible();
  await expect(log.getByText('Hoa Le')).toHaveCount(0);
  await expect(log.getByText('Bartholomew Featherstonehaugh-Wickham')).toHaveCount(0);
  await expect(page.getByTestId('assistant-input')).toBeFocused();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/assistant-en-1280.png` });

  // The link leads to the task's submission report.
  await log.getByRole('link', { name: 'Submission report of “Requirements document”' }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${seeded.reviewedTaskId}/report$`));
  await page.getByRole('button', { name: 'Close the assistant' }).click();
  await expect(panel).toBeHidden();
});

test('a member who may not read submission reports is told so, with no names', async ({ page }) => {
  test.setTimeout(180_000);
  const seeded = await seedWorkspace(page.request);
  const panel = await openAssistant(page, seeded.member, seeded);
  await askInPanel(page, 'Who has not submitted Requirements document?');
  const log = panel.getByRole('log');
  await expect(log.getByText(/You may not see who has handed in/)).toBeVisible();
  await expect(log.getByRole('listitem')).toHaveCount(0);
  for (const name of ['Quang Tran', 'Thao Vu', 'Hoa Le'])
    await expect(log.getByText(name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Close the assistant' }).click();
});

test('the panel in both languages, on a computer and on a phone', async ({ page }) => {
  test.skip(!SHOTS, 'screenshots only when SHOTS_DIR is set');
  test.setTimeout(300_000);
  for (const language of ['en', 'vi'] as const) {
    const seeded = await seedWorkspace(page.request, language);
    for (const [name, viewport] of [
      ['1280', { width: 1280, height: 800 }],
      ['360', { width: 360, height: 740 }],
    ] as const) {
      await page.setViewportSize(viewport);
      const panel = await openAssistant(page, seeded.owner, seeded);
      await askInPanel(
        page,
        language === 'vi'
          ? 'Ai chưa nộp Requirements document?'
          : 'Who has not submitted Requirements document?',
      );
      await expect(panel.getByRole('log').getByText('Thao Vu')).toBeVisible();
      await askInPanel(
        page,
        language === 'vi' ? 'Các nhóm có cân bằng không?' : 'How balanced are our teams?',
      );
      await expect(panel.getByRole('log').getByText('Night Owls')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/assistant-${language}-${name}.png` });
      await panel.getByRole('button', { name: /^(Close the assistant|Đóng trợ lý)$/ }).click();
    }
  }
});
