import { expect, test } from './support/test';
import type { APIRequestContext } from '@playwright/test';
import { createVerifiedAccount, signUpAndSignIn, type TestAccount } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { mailedLink } from './support/mail';

/**
 * A workspace of the account's and a task in it, made through the API: for the account, or
 * for `assignee`, who joins the workspace first (nobody reviews their own work).
 */
async function workspaceWithTask(
  request: APIRequestContext,
  account: TestAccount,
  assignee: TestAccount = account,
) {
  const headers = { authorization: `Bearer ${account.token}` };
  const api = `${E2E_BASE_URL}/api/v2/core`;
  const workspace = await request.post(`${api}/workspaces`, {
    headers,
    data: { name: 'Chemistry 101', workspace_type: 'course' },
  });
  expect(workspace.ok()).toBe(true);
  const workspaceId = (await workspace.json()).resource.id as number;
  if (assignee !== account) {
    await request.post(`${api}/workspaces/${workspaceId}/invite`, {
      headers,
      data: { invitations: [{ email: assignee.email }] },
    });
    const link = await mailedLink(assignee.email, '/join');
    const joined = await request.post(`${api}/join/join-to-workspace`, {
      headers: { authorization: `Bearer ${assignee.token}` },
      data: { token: link.searchParams.get('token') },
    });
    expect(joined.ok()).toBe(true);
  }
  const assigneeHeaders = { authorization: `Bearer ${assignee.token}` };
  const me = (await (await request.get(`${api}/user`, { headers: assigneeHeaders })).json())
    .resource;
  const task = await request.post(`${api}/workspaces/${workspaceId}/tasks-by-owner`, {
    headers,
    data: { name: 'Lab report', user_ids: [me.id], reviewer_ids: [] },
  });
  expect(task.status()).toBe(201);
  return { workspaceId, taskId: (await task.json()).resource.task.id as number };
}

test('submitting a real file shows its upload progress, then the task moves on the board', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Linh', lastName: 'Pham' });
  const { workspaceId } = await workspaceWithTask(page.request, account);

  await page.goto(`/workspaces/${workspaceId}/tasks`);
  const section = page.getByRole('region', { name: 'Tasks' });
  await section.locator('[data-view="board"]').click();
  const todo = page.getByRole('region', { name: 'To do', exact: true });
  await expect(todo.getByRole('link', { name: 'Lab report' })).toBeVisible();

  await todo.getByRole('link', { name: 'Lab report' }).click();
  await expect(page.getByRole('heading', { name: 'Lab report', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit: Lab report' });
  await dialog.getByLabel('Files to upload').setInputFiles({
    name: 'lab-report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 'x')]),
  });
  await expect(dialog.getByText('lab-report.pdf (3 MB)')).toBeVisible();
  await dialog.getByLabel('Answer (optional)').fill('Results and discussion attached.');

  // A slow uplink, so the progress can be watched as it happens.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
  const progress = dialog.getByRole('progressbar', { name: 'Uploading lab-report.pdf' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const partway = Number(await progress.getAttribute('aria-valuenow'));
  expect(partway).toBeLessThan(1);
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The toast title, not its screen-reader echo in the live region.
  await expect(page.getByText('Your work was submitted.').last()).toBeVisible();
  await expect(page.getByRole('button', { name: 'lab-report.pdf (3 MB)' })).toBeVisible();
  await expect(page.getByTestId('tracking-event').first()).toContainText(
    'Linh Pham submitted work',
  );

  await page.goto(`/workspaces/${workspaceId}/tasks`);
  await page.getByRole('region', { name: 'Tasks' }).locator('[data-view="board"]').click();
  const inReview = page.getByRole('region', { name: 'In review', exact: true });
  await expect(inReview.getByRole('link', { name: 'Lab report' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'To do', exact: true })
      .getByRole('link', { name: 'Lab report' }),
  ).toHaveCount(0);
});

test('the review loop says what happened: returned, then accepted with a note that feedback shows', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Tuan', lastName: 'Bui' });
  const student = await createVerifiedAccount(page.request, { firstName: 'Lan', lastName: 'Ho' });
  const { workspaceId, taskId } = await workspaceWithTask(page.request, account, student);
  const api = `${E2E_BASE_URL}/api/v2/core/tasks/${taskId}`;
  // The student hands in; the owner reviews (nobody reviews their own work).
  const headers = { authorization: `Bearer ${student.token}` };
  const handIn = async (mode: 'submit' | 'resubmit') =>
    expect(
      (await page.request.post(`${api}/${mode}`, { headers, multipart: { answer: 'Done.' } })).ok(),
    ).toBe(true);

  await handIn('submit');
  await page.goto(`/workspaces/${workspaceId}/tasks/${taskId}/info`);
  const review = page.getByRole('table', { name: 'Work to review' });
  await review.getByRole('button', { name: 'Return' }).click();
  const returning = page.getByRole('dialog', { name: 'Return the work' });
  await returning.getByLabel('Feedback').fill('Add the error analysis.');
  await returning.getByRole('button', { name: 'Return' }).click();
  await expect(
    page.locator('.fui-ToastTitle', { hasText: 'The work is returned to the assignee.' }),
  ).toBeVisible();
  await expect(review.getByText('Add the error analysis.')).toBeVisible();

  await handIn('resubmit');
  await page.reload();
  await review.getByRole('button', { name: 'Accept' }).click();
  const accepting = page.getByRole('dialog', { name: 'Accept the submission' });
  await expect(accepting.getByLabel('Feedback')).toHaveValue('');
  await accepting.getByLabel('Feedback').fill('Well argued.');
  await accepting.getByRole('button', { name: 'Accept' }).click();
  await expect(
    page.locator('.fui-ToastTitle', { hasText: 'The submission is accepted.' }),
  ).toBeVisible();
  await expect(review.getByText('Well argued.')).toBeVisible();
  await expect(review.getByText('Add the error analysis.')).toHaveCount(0);

  // The list's feedback shows the acceptance note; the board has the task under Done.
  await page.goto(`/workspaces/${workspaceId}/tasks`);
  const section = page.getByRole('region', { name: 'Tasks' });
  await section.locator('[data-view="list"]').click();
  await expect(section.getByText('Well argued.')).toBeVisible();
  await section.locator('[data-view="board"]').click();
  const done = page.getByRole('region', { name: 'Done', exact: true });
  await expect(done.getByRole('link', { name: 'Lab report' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'To do', exact: true })
      .getByRole('link', { name: 'Lab report' }),
  ).toHaveCount(0);
});
