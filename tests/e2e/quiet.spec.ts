import { expect, test } from './support/test';
import { signUpAndSignIn } from './support/accounts';
import { E2E_BASE_URL } from './support/env';

test('outside Teams the pages ask nothing of Microsoft, warn of nothing and call no missing route', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Khanh', lastName: 'Ly' });
  const created = await page.request.post(`${E2E_BASE_URL}/api/v2/core/workspaces`, {
    headers: { authorization: `Bearer ${account.token}` },
    data: { name: 'Quiet course', workspace_type: 'course' },
  });
  const workspaceId = (await created.json()).resource.id as number;

  const foreign: string[] = [];
  const failed: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(E2E_BASE_URL)) foreign.push(request.url());
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) {
      failed.push(`${response.status()} ${response.url()}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });

  for (const path of [
    '/dashboard',
    '/workspaces',
    `/workspaces/${workspaceId}/teams`,
    `/workspaces/${workspaceId}/people`,
    '/profile/skills',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(foreign).toEqual([]);
  expect(failed).toEqual([]);
  expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
});
