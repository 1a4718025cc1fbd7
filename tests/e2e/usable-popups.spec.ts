import { signUpAndSignIn } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { seedWorkspace } from './support/seed';
import { expect, test } from './support/test';
import { expectMenuNavigates, expectPageUsable, throughPopup } from './support/usable';

/**
 * The popups a person trips over most: a member's role menu, the tasks sort dropdown, the
 * assignee picker of a new task. Each completes, and the page answers clicks afterwards.
 */

test('People: a member becomes Admin through the role menu, and the page stays usable', async ({
  page,
}) => {
  const seeded = await seedWorkspace(page.request);
  await page.context().addCookies([
    { name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: 'en', url: E2E_BASE_URL },
  ]);
  await page.goto(`/workspaces/${seeded.workspaceId}/people`);
  const roleButton = page.getByRole('button', { name: 'Change the role of Hoa Le' });
  await throughPopup(
    page,
    () => roleButton.click(),
    () => page.getByRole('menuitemradio', { name: 'Admin' }).click(),
  );
  await expect(roleButton.locator('[data-role="admin"]')).toBeVisible();

  // Escape closes a menu without a choice, and leaves the page as it was.
  await throughPopup(
    page,
    () => roleButton.click(),
    () => page.keyboard.press('Escape'),
  );
  await expectMenuNavigates(page);
});

test('Tasks: the sort dropdown changes the order, and Escape leaves a usable page', async ({
  page,
}) => {
  const seeded = await seedWorkspace(page.request);
  await page.context().addCookies([
    { name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: 'en', url: E2E_BASE_URL },
  ]);
  await page.goto(`/workspaces/${seeded.workspaceId}/tasks`);
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  const titles = page.getByRole('table', { name: 'Tasks' }).getByRole('link');
  await expect(titles).toHaveCount(3);

  await throughPopup(
    page,
    () => sort.click(),
    () => page.getByRole('option', { name: 'Title' }).click(),
  );
  await expect(sort).toHaveText('Title');
  const sorted = await titles.allTextContents();
  expect(sorted).toEqual([...sorted].sort((a, b) => b.localeCompare(a)));

  await throughPopup(
    page,
    () => sort.click(),
    () => page.keyboard.press('Escape'),
  );
  await expect(sort).toHaveText('Title');
  await expectMenuNavigates(page);
});

test('New task: an assignee is picked by typing, Escape keeps the form, the task is saved', async ({
  page,
}) => {
  const seeded = await seedWorkspace(page.request);
  await page.context().addCookies([
    { name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: 'en', url: E2E_BASE_URL },
  ]);
  await page.goto(`/workspaces/${seeded.workspaceId}/tasks`);
  await page.getByRole('button', { name: 'New task' }).click();
  const dialog = page.getByRole('dialog', { name: 'New task' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Usability test plan');

  const assignees = dialog.getByRole('combobox', { name: 'Assignees' });
  // A click opens the whole list.
  await assignees.click();
  await expect(page.locator('.fui-TagPickerList').getByRole('option')).toHaveCount(6);
  // Typing filters it, accents aside.
  await assignees.pressSequentially('quang');
  await expect(page.locator('.fui-TagPickerList').getByRole('option')).toHaveCount(1);
  // Escape closes the list only: the dialog and what was typed stay.
  await page.keyboard.press('Escape');
  await expect(page.locator('.fui-TagPickerList')).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Usability test plan');
  // A second Escape asks before throwing the typed form away; keeping it keeps everything.
  await page.keyboard.press('Escape');
  const question = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Usability test plan');

  await assignees.click();
  await assignees.fill('minh');
  await page.locator('.fui-TagPickerList').getByRole('option', { name: 'Minh Ngo' }).click();
  await expect(page.locator('.fui-TagPickerList')).toBeHidden();
  await expect(
    dialog.getByRole('listbox', { name: 'Assignees' }).getByRole('option', { name: 'Minh Ngo' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expectPageUsable(page);

  const row = page.getByRole('row').filter({ hasText: 'Usability test plan' });
  await expect(row).toBeVisible();
  const saved = await page.request.get(
    `${E2E_BASE_URL}/api/v2/core/workspaces/${seeded.workspaceId}/tasks?status=open`,
    { headers: { authorization: `Bearer ${seeded.owner.token}` } },
  );
  const task = (await saved.json()).resource.tasks.find(
    (item: { name: string }) => item.name === 'Usability test plan',
  );
  expect(
    task.assignments.map((unit: { user: { name: string } | null }) => unit.user?.name),
  ).toEqual(['Minh Ngo']);
  await expectMenuNavigates(page);
});

test('on a phone the main menu opens over the page and a link in it navigates', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpAndSignIn(page);
  await page.goto('/dashboard');
  await throughPopup(
    page,
    () => page.getByRole('button', { name: 'Open the menu' }).click(),
    async () => {
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'All workspaces' })
        .click();
      await expect(page).toHaveURL(/\/workspaces$/);
    },
  );
});
