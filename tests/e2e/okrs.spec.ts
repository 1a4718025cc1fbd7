import { expect, test } from './support/test';
import { signUpAndSignIn } from './support/accounts';
import { E2E_BASE_URL } from './support/env';

test('an objective with two key results: check-ins draw the history, change the status and move the parent it aligns under', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Minh', lastName: 'Tran' });
  const headers = { authorization: `Bearer ${account.token}` };
  const api = `${E2E_BASE_URL}/api/v2/core`;
  const workspace = await page.request.post(`${api}/workspaces`, {
    headers,
    data: { name: 'Product team', workspace_type: 'general' },
  });
  expect(workspace.ok()).toBe(true);
  const workspaceId = (await workspace.json()).resource.id as number;
  const parent = await page.request.post(`${api}/workspaces/${workspaceId}/objectives`, {
    headers,
    data: {
      name: 'Company goal',
      key_results: [{ name: 'Revenue', kind: 'reach', start_value: 0, target_value: 100 }],
    },
  });
  expect(parent.status()).toBe(201);
  const parentId = (await parent.json()).resource.objective.id as number;

  // The objective is made in the create dialog, with two key results.
  await page.goto(`/workspaces/${workspaceId}/objectives`);
  const section = page.getByRole('region', { name: 'Objectives' });
  await expect(section.getByRole('link', { name: 'Company goal' })).toBeVisible();
  await page.getByRole('button', { name: 'New objective' }).click();
  const form = page.getByRole('dialog', { name: 'New objective' });
  // okrAI without an AI endpoint: suggestions from past objectives, and the dialog says so.
  await form.getByRole('button', { name: 'Suggest objectives' }).click();
  await expect(form.getByText(/AI suggestions are not set up here/)).toBeVisible();
  await expect(
    form.getByRole('group', { name: 'Suggested objectives' }).getByRole('button', {
      name: 'Company goal',
    }),
  ).toBeVisible();
  await form.getByRole('textbox', { name: /^Name/ }).fill('Grow signups');
  const first = form.locator('[data-key-result-draft="0"]');
  await first.getByRole('textbox', { name: 'Key result 1' }).fill('Signups');
  await first.getByLabel('Target').fill('100');
  await first.getByLabel('Unit').fill('users');
  await form.getByRole('button', { name: 'Add key result' }).click();
  const second = form.locator('[data-key-result-draft="1"]');
  await second.getByRole('textbox', { name: 'Key result 2' }).fill('Churn');
  await second.getByLabel('Kind').selectOption('decrease');
  await second.getByLabel('Start').fill('10');
  await second.getByLabel('Target').fill('5');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Grow signups' })).toBeVisible();
  const status = page.getByTestId('objective-status');
  await expect(status).toHaveText('No status');

  const signups = page.locator('[data-key-result]', { hasText: 'Signups' });
  const churn = page.locator('[data-key-result]', { hasText: 'Churn' });
  await expect(signups.getByText('No check-ins yet.')).toBeVisible();

  async function checkIn(card: typeof signups, value: string) {
    await card.getByRole('button', { name: 'Check in' }).click();
    const dialog = page.getByRole('dialog', { name: /^Check in on/ });
    await dialog.getByRole('spinbutton').fill(value);
    await dialog.getByRole('radio', { name: 'On track' }).check();
    await dialog.getByLabel('Note').fill(`Now ${value}`);
    await dialog.getByRole('button', { name: 'Save check-in' }).click();
    await expect(dialog).toBeHidden();
  }

  // Two check-ins on one key result: its history chart has two points.
  await checkIn(signups, '40');
  await expect(signups.getByTestId('history-chart')).toHaveAttribute('data-points', '1');
  await expect(status).toHaveText('No status');
  await checkIn(signups, '70');
  await expect(signups.getByTestId('history-chart')).toHaveAttribute('data-points', '2');
  await expect(signups.getByRole('img', { name: /Progress history of Signups/ })).toBeVisible();
  await expect(signups.getByText('70 users of 100 users (from 0 users)')).toBeVisible();

  // A second key result on track: spec 4's rule now gives the objective 'on trace'.
  await checkIn(churn, '8');
  await expect(status).toHaveText('On track');
  // Signups 70 %, churn (10 - 8) / (10 - 5) = 40 %: 55 %.
  await expect(page.getByTestId('objective-progress')).toHaveAttribute('data-value', '55');

  // Aligned under the company goal, it moves the parent's progress.
  await page.goto(`/workspaces/${workspaceId}/objectives/${parentId}`);
  await expect(page.getByTestId('objective-progress')).toHaveAttribute('data-value', '0');
  await page.goBack();
  await page.getByRole('button', { name: 'Align under…' }).click();
  const align = page.getByRole('dialog', { name: 'Align “Grow signups”' });
  await align.getByLabel(/Parent objective or key result/).selectOption({ label: 'Company goal' });
  await align.getByRole('button', { name: 'Align', exact: true }).click();
  await expect(align).toBeHidden();
  await expect(
    page.locator('[data-alignment]').getByRole('link', { name: 'Company goal' }),
  ).toBeVisible();
  await page.locator('[data-alignment]').getByRole('link', { name: 'Company goal' }).click();
  await expect(page.getByRole('heading', { name: 'Company goal' })).toBeVisible();
  // Its own key result at 0 (weight 1) and the aligned objective at 55 % (weight 1).
  await expect(page.getByTestId('objective-progress')).toHaveAttribute('data-value', '27.5');
  await expect(page.getByRole('link', { name: 'Grow signups' })).toBeVisible();

  // The alignment tree shows the child under its parent.
  await page.goto(`/workspaces/${workspaceId}/objectives`);
  await section.locator('[data-view="tree"]').click();
  const tree = page.getByRole('tree', { name: 'Alignment of objectives' });
  await expect(tree.getByRole('treeitem', { name: /Company goal/ })).toBeVisible();
  await expect(tree.getByRole('link', { name: 'Grow signups' })).toBeVisible();
});

test('an objective is edited, tagged and pinned; a key result is edited to follow its tasks', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Lan', lastName: 'Vo' });
  const headers = { authorization: `Bearer ${account.token}` };
  const api = `${E2E_BASE_URL}/api/v2/core`;
  const workspace = await page.request.post(`${api}/workspaces`, {
    headers,
    data: { name: 'Studio', workspace_type: 'general' },
  });
  const workspaceId = (await workspace.json()).resource.id as number;
  // Made first, the objective to pin is listed last until it is pinned (newest first).
  for (const name of ['Launch the site', 'Newer goal']) {
    const made = await page.request.post(`${api}/workspaces/${workspaceId}/objectives`, {
      headers,
      data: {
        name,
        key_results: [{ name: `${name} pages`, kind: 'reach', start_value: 0, target_value: 10 }],
      },
    });
    expect(made.status()).toBe(201);
  }

  await page.goto(`/workspaces/${workspaceId}/objectives`);
  await page.getByRole('link', { name: 'Launch the site' }).first().click();
  await expect(page.getByRole('heading', { name: 'Launch the site' })).toBeVisible();

  // Edit: a new name, a cadence and a new tag made on the spot.
  await page.getByRole('button', { name: 'Edit objective' }).click();
  const form = page.getByRole('dialog', { name: 'Edit objective' });
  await form.getByRole('textbox', { name: /^Name/ }).fill('Launch the new site');
  await form.getByLabel('Check-in every (days)').fill('7');
  await form.getByLabel('New tag').fill('Marketing');
  await form.getByRole('button', { name: 'Add tag' }).click();
  await expect(form.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Launch the new site' })).toBeVisible();
  await expect(page.getByText('Marketing', { exact: true })).toBeVisible();

  // A key result edited to follow its linked tasks.
  const card = page.locator('[data-key-result]', { hasText: 'Launch the site pages' });
  await card.getByRole('button', { name: 'Edit key result' }).click();
  const krForm = page.getByRole('dialog', { name: 'Edit key result' });
  await krForm.getByLabel('Target').fill('20');
  await krForm.getByRole('switch', { name: 'Progress follows linked tasks' }).check();
  await krForm.getByRole('button', { name: 'Save' }).click();
  await expect(krForm).toBeHidden();
  await expect(card.getByText('Follows its linked tasks')).toBeVisible();
  await expect(card.getByText('0 of 20 (from 0)')).toBeVisible();

  // Pinned, it comes first in the list; the tag filter keeps only tagged objectives.
  await page.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unpin' })).toBeVisible();
  await page.getByRole('link', { name: 'Objectives', exact: true }).first().click();
  const section = page.getByRole('region', { name: 'Objectives' });
  const names = section.getByRole('link', { name: /goal|site/ });
  await expect(names.first()).toHaveText('Launch the new site');
  await page
    .getByRole('combobox', { name: 'Tag', exact: true })
    .selectOption({ label: 'Marketing' });
  await expect(section.getByRole('link', { name: 'Newer goal' })).toBeHidden();
  await expect(section.getByRole('link', { name: 'Launch the new site' })).toBeVisible();

  // The board by status with this filter is saved as a view, and applied again later.
  await section.locator('[data-view="board"]').click();
  await expect(section.locator('[data-column="none"]')).toBeVisible();
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Save this view' }).click();
  const save = page.getByRole('dialog', { name: 'Save this view' });
  await save.getByLabel('Name of the view').fill('Marketing board');
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save).toBeHidden();
  await section.locator('[data-view="list"]').click();
  await page
    .getByRole('combobox', { name: 'Tag', exact: true })
    .selectOption({ label: 'All tags' });
  await expect(section.getByRole('link', { name: 'Newer goal' })).toBeVisible();
  await page.getByRole('button', { name: 'Saved views' }).click();
  await page.getByRole('menuitem', { name: 'Marketing board' }).click();
  await expect(section.locator('[data-column="none"]')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tag', exact: true })).toHaveValue(/\d+/);
  await expect(section.getByRole('link', { name: 'Newer goal' })).toBeHidden();
});
