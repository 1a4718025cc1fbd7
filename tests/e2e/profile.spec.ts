import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { signUpAndSignIn } from './support/accounts';
import { E2E_BASE_URL } from './support/env';

/** Answers every question shown on the current page of the self-assessment. */
async function answerPage(page: Page, answer: string) {
  const groups = page.getByRole('radiogroup');
  await expect(groups).toHaveCount(10);
  for (let i = 0; i < 10; i++) {
    await groups.nth(i).getByRole('radio', { name: answer, exact: true }).check();
  }
}

test('the self-assessment keeps partial answers through save and close, then shows the chart', async ({
  page,
}) => {
  await signUpAndSignIn(page, { firstName: 'Mai', lastName: 'Tran' });
  await page.goto('/profile/self-assessment');
  await expect(page.getByRole('heading', { name: 'Self-assessment', exact: true })).toBeVisible();
  await expect(page.getByText('0 of 50 answered')).toBeVisible();
  await expect(page.getByText('1. Am the life of the party.')).toBeVisible();

  await answerPage(page, 'Moderately accurate');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('11. Feel comfortable around people.')).toBeVisible();
  const second = page.getByRole('radiogroup');
  for (let i = 0; i < 5; i++) {
    await second.nth(i).getByRole('radio', { name: 'Very accurate', exact: true }).check();
  }
  await page.getByRole('button', { name: 'Save and close' }).click();
  await expect(page).toHaveURL(/\/profile\/general$/);
  await expect(page.getByText('15 of 50 questions answered.')).toBeVisible();

  // Coming back opens the first page with questions left, with the saved answers ticked.
  await page.goto('/profile/self-assessment');
  await expect(page.getByText('15 of 50 answered')).toBeVisible();
  await expect(page.getByText('11. Feel comfortable around people.')).toBeVisible();
  await expect(
    page.getByRole('radiogroup').nth(0).getByRole('radio', { name: 'Very accurate', exact: true }),
  ).toBeChecked();
  await answerPage(page, 'Neither accurate nor inaccurate');
  for (let turn = 0; turn < 3; turn++) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    // The next page shows once the answers are saved: answer it, not the one still on screen.
    await expect(page.getByText(new RegExp(`^${21 + turn * 10}\\. `))).toBeVisible();
    await answerPage(page, 'Moderately inaccurate');
  }
  await expect(page.getByText('50 of 50 answered')).toBeVisible();
  await page.getByRole('button', { name: 'See my result' }).click();

  await expect(page.getByRole('heading', { name: 'Your self-assessment' })).toBeVisible();
  const chart = page.getByTestId('personality-chart');
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg .recharts-radar-polygon')).toHaveCount(1);
  for (const factor of [
    'Extraversion',
    'Agreeableness',
    'Conscientiousness',
    'Emotional Stability',
    'Intellect/Imagination',
  ]) {
    await expect(page.getByText(factor, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(/Higher than \d+% of people/).first()).toBeVisible();

  // Vietnamese shows the translated statements and factor names.
  await page.getByRole('button', { name: 'Review my answers' }).click();
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'vi', url: E2E_BASE_URL }]);
  await page.goto('/profile/self-assessment');
  await expect(page.getByText('Hướng ngoại', { exact: true }).first()).toBeVisible();
});

test('availability is set by dragging over the week grid and stored in UTC', async ({ page }) => {
  const account = await signUpAndSignIn(page, { firstName: 'Linh', lastName: 'Pham' });
  await page.goto('/profile/availability');
  const grid = page.getByRole('grid', { name: 'Your free hours of the week' });
  await expect(grid).toBeVisible();

  const from = grid.getByRole('gridcell', { name: 'Mon 09:00', exact: true });
  const to = grid.getByRole('gridcell', { name: 'Wed 11:00', exact: true });
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText('9 hours selected')).toBeVisible();

  // A single click takes one hour back out.
  await grid.getByRole('gridcell', { name: 'Tue 10:00', exact: true }).click();
  await expect(page.getByText('8 hours selected')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your availability is saved.').first()).toBeVisible();

  await page.reload();
  await expect(grid.getByRole('gridcell', { name: 'Wed 11:00', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(grid.getByRole('gridcell', { name: 'Tue 10:00', exact: true })).toHaveAttribute(
    'aria-selected',
    'false',
  );
  const me = await page.request.get(`${E2E_BASE_URL}/api/v2/core/user`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  const { id, timezone } = (await me.json()).resource;
  const stored = await page.request.get(`${E2E_BASE_URL}/api/v2/core/user/${id}/availability`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  const slots: number[] = (await stored.json()).resource.slots;
  expect(timezone).toBe('UTC');
  expect(slots).toEqual([9, 10, 11, 33, 35, 57, 58, 59]);
});

test('skills are picked from the shipped list: it opens on click, narrows as one types, takes several', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Quynh', lastName: 'Do' });
  await page.goto('/profile/skills');
  const picker = page.getByRole('combobox', { name: 'Add skills' });
  await picker.click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await expect(list.getByRole('group', { name: 'Programming languages' })).toBeVisible();
  expect(await list.getByRole('option').count()).toBeGreaterThan(100);

  // The best matches come first, in view.
  await picker.fill('rea');
  await expect(list.getByRole('option', { name: 'React', exact: true })).toBeInViewport();
  await expect(list.getByRole('option', { name: 'Real estate', exact: true })).toBeInViewport();

  await picker.fill('teamw');
  await expect(list.getByRole('option', { name: 'Teamwork', exact: true })).toBeVisible();
  await expect(list.getByRole('option', { name: 'Python', exact: true })).toBeHidden();
  await list.getByRole('option', { name: 'Teamwork', exact: true }).click();
  // Picked in quick succession, each before the one before it is saved: all of them stay.
  await picker.fill('pyth');
  await page.getByRole('option', { name: 'Python', exact: true }).click();
  // A skill the list lacks: type it and press Enter. Typed skills join the shared list, so
  // each run types its own (with --repeat-each the server is the same).
  const typed = `Kite surfing ${test.info().repeatEachIndex}-${test.info().retry}`;
  await picker.fill(typed);
  // As a person does: the list has answered for what was typed before Enter is pressed.
  await expect(page.getByRole('option', { name: `Add “${typed}”` })).toBeVisible();
  await picker.press('Enter');
  const mine = page.getByRole('list', { name: 'Your skills' });
  const names = ['Teamwork', 'Python', typed];
  for (const name of names) await expect(mine.getByText(name, { exact: true })).toBeVisible();
  await picker.press('Escape');

  // Picking a skill one has says so and keeps it.
  await picker.fill('pyth');
  await page.getByRole('option', { name: 'Python', exact: true }).click();
  await expect(page.getByText('Python is already chosen.')).toBeVisible();
  await picker.press('Escape');
  await expect(mine.getByText('Python', { exact: true })).toBeVisible();

  // Saved (the list shows a pick at once; the server has it once the saves are through).
  const me = await page.request.get(`${E2E_BASE_URL}/api/v2/core/user`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  const { id } = (await me.json()).resource;
  await expect
    .poll(async () => {
      const stored = await page.request.get(`${E2E_BASE_URL}/api/v2/core/user/${id}/skills`, {
        headers: { authorization: `Bearer ${account.token}` },
      });
      return ((await stored.json()).resource.user_skills as { name: string }[]).map((s) => s.name);
    })
    .toEqual([...names].sort());
  // And the page still answers: reload shows them, a tab still navigates.
  await page.reload();
  for (const name of names) await expect(mine.getByText(name, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Availability' }).click();
  await expect(page).toHaveURL(/\/profile\/availability$/);
});

test('in Vietnamese the skills list is in Vietnamese and matches without accents', async ({
  page,
}) => {
  await signUpAndSignIn(page, { firstName: 'Quynh', lastName: 'Do', language: 'vi' });
  await page.goto('/profile/skills');
  const picker = page.getByRole('combobox', { name: 'Thêm kỹ năng' });
  await picker.click();
  await picker.fill('giai quyet van de');
  await page.getByRole('option', { name: 'Giải quyết vấn đề', exact: true }).click();
  await expect(
    page.getByRole('list', { name: 'Kỹ năng của bạn' }).getByText('Giải quyết vấn đề'),
  ).toBeVisible();
});
