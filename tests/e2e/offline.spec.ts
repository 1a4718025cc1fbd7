import { expect, test } from './support/test';
import { signUpAndSignIn } from './support/accounts';
import { E2E_BASE_URL } from './support/env';

test('offline, a workspace tab whose page is not loaded yet keeps the app and its offline banner, then opens once back online', async ({
  page,
  context,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Lan', lastName: 'Vo' });
  const created = await page.request.post(`${E2E_BASE_URL}/api/v2/core/workspaces`, {
    headers: { authorization: `Bearer ${account.token}` },
    data: { name: 'Offline course', workspace_type: 'course' },
  });
  expect(created.ok()).toBe(true);
  const workspaceId = (await created.json()).resource.id as number;

  await page.goto(`/workspaces/${workspaceId}/dashboard`);
  const sections = page.getByRole('navigation', { name: 'Sections of the workspace' });
  await expect(sections.getByRole('tab', { name: 'People' })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible();
  // The People page's code was never loaded: its chunk fails now, and the app must not reload.
  await sections.getByRole('tab', { name: 'People' }).click();
  await page.waitForTimeout(1_000);
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(sections).toBeVisible();
  expect(page.url()).toBe(`${E2E_BASE_URL}/workspaces/${workspaceId}/dashboard`);

  await context.setOffline(false);
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/people$`));
  await expect(page.getByRole('button', { name: 'Invite people' })).toBeVisible();
  await expect(page.getByText('You are offline')).toBeHidden();
});
