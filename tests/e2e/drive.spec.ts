import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedAccount, fillSignIn } from './support/accounts';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** A text file of `size` bytes: big enough that its upload shows progress. */
const textFile = (name: string, size: number) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.alloc(size, `${name} `),
});

const capacityUsed = async (page: Page) =>
  Number(await page.getByTestId('drive-capacity').getAttribute('data-used'));

const fileRow = (page: Page, name: string) =>
  page.getByTestId('drive-file').filter({ hasText: name });

async function fileAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`on a ${device}, two files upload with progress, one is archived and restored, the capacity moves`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const account = await createVerifiedAccount(page.request, { firstName: 'Linh' });
    await page.goto('/signin');
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Drive from the main menu (on a phone, the menu opens from the header).
    if (device === 'phone') await page.getByRole('button', { name: 'Open the menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Drive' })
      .click();
    await expect(page).toHaveURL(/\/drive$/);
    await expect(page.getByRole('heading', { name: 'Drive', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible();
    await expect(page.getByTestId('drive-capacity')).toContainText(/^0 B of .+ used/);
    const usedBefore = await capacityUsed(page);

    // Two files at once, each with its own progress bar.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    await (
      await chooser
    ).setFiles([textFile('lab-notes.txt', 2_000_000), textFile('syllabus.txt', 1_500_000)]);
    const uploads = page.getByTestId('drive-upload');
    await expect(uploads).toHaveCount(2);
    await expect(uploads.getByRole('progressbar')).toHaveCount(2);
    await expect(uploads.and(page.locator('[data-state="done"]'))).toHaveCount(2, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('drive-file')).toHaveCount(2);
    await expect.poll(() => capacityUsed(page)).toBeGreaterThan(usedBefore + 3_000_000);

    // Archive one: it leaves the list and waits in the archive.
    await fileAction(page, 'syllabus.txt', 'Archive');
    await expect(fileRow(page, 'syllabus.txt')).toHaveCount(0);
    await expect(page.getByTestId('drive-file')).toHaveCount(1);

    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(page).toHaveURL(/\/drive\/archive$/);
    await expect(page.getByRole('heading', { name: 'Drive archive', level: 1 })).toBeVisible();
    await expect(fileRow(page, 'syllabus.txt')).toBeVisible();

    // Restore it: the archive is empty and both files are back.
    await fileAction(page, 'syllabus.txt', 'Restore');
    await expect(page.getByRole('heading', { name: 'The archive is empty' })).toBeVisible();
    await page.getByRole('tab', { name: 'My files' }).click();
    await expect(page).toHaveURL(/\/drive$/);
    await expect(page.getByTestId('drive-file')).toHaveCount(2);

    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });
}

test('a CSV in the drive converts to an Excel workbook beside it, and the workbook back to CSV', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const account = await createVerifiedAccount(page.request, { firstName: 'Quang' });
  await page.goto('/signin');
  await fillSignIn(page, account.email, account.password);
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Drive' })
    .click();
  await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
  await (
    await chooser
  ).setFiles([
    { name: 'marks.csv', mimeType: 'text/csv', buffer: Buffer.from('name,mark\nAn,9\nBình,7\n') },
  ]);
  await expect(fileRow(page, 'marks.csv')).toBeVisible();

  await fileAction(page, 'marks.csv', 'Convert to Excel workbook');
  await expect(fileRow(page, 'marks.xlsx')).toBeVisible();
  await fileAction(page, 'marks.xlsx', 'Convert to CSV');
  // The round trip lands as a second CSV beside the first: nothing is overwritten.
  await expect(fileRow(page, 'marks.csv')).toHaveCount(2);
  await expect(page.getByTestId('drive-file')).toHaveCount(3);
});
