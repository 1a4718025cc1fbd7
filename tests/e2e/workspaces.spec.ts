import { expect, test } from './support/test';
import { createVerifiedAccount, signUpAndSignIn, type Language } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { mailedLink, newestMailTo } from './support/mail';

/** The words the test clicks and reads, in each language. */
const WORDS = {
  en: {
    newWorkspace: 'New workspace',
    course: 'Course',
    name: 'Name',
    create: 'Create workspace',
    invite: 'Invite people',
    emails: 'E-mail addresses',
    send: 'Send 2 invitations',
    pending: 'Pending invitations',
    changeRole: (name: string) => `Change the role of ${name}`,
    viewer: 'Viewer',
    current: 'Current workspaces',
    board: 'Board view',
  },
  vi: {
    newWorkspace: 'Không gian làm việc mới',
    course: 'Khóa học',
    name: 'Tên',
    create: 'Tạo không gian làm việc',
    invite: 'Mời người tham gia',
    emails: 'Địa chỉ e-mail',
    send: 'Gửi 2 lời mời',
    pending: 'Lời mời đang chờ',
    changeRole: (name: string) => `Thay đổi vai trò của ${name}`,
    viewer: 'Người xem',
    current: 'Không gian làm việc hiện tại',
    board: 'Dạng bảng',
  },
} satisfies Record<Language, unknown>;

for (const language of ['en', 'vi'] as const) {
  test(`a course workspace from creation to a changed role, with the view remembered (${language})`, async ({
    page,
  }) => {
    const words = WORDS[language];
    await signUpAndSignIn(page, { firstName: 'Linh', lastName: 'Pham', language });
    const first = await createVerifiedAccount(page.request, {
      firstName: 'Minh',
      lastName: 'Ngo',
      language,
    });
    const second = await createVerifiedAccount(page.request, {
      firstName: 'Hoa',
      lastName: 'Le',
      language,
    });

    // Create a course workspace: choose the type, then its basic information.
    await page.goto('/workspaces');
    await page.getByRole('button', { name: words.newWorkspace }).click();
    await page.locator('[data-workspace-type="course"]').getByRole('button').click();
    const name = `Algorithms ${language} ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: words.name }).fill(name);
    await page.getByRole('button', { name: words.create }).click();
    await expect(page).toHaveURL(/\/workspaces\/\d+\/people$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const workspaceId = Number(new URL(page.url()).pathname.split('/')[2]);

    // Invite two people by e-mail; both show as pending.
    await page.getByRole('button', { name: words.invite }).click();
    await page.getByRole('textbox', { name: words.emails }).fill(`${first.email}, ${second.email}`);
    await page.getByRole('button', { name: words.send }).click();
    const pending = page.getByRole('table', { name: words.pending });
    await expect(pending.getByText(first.email)).toBeVisible();
    await expect(pending.getByText(second.email)).toBeVisible();

    // They join through the links in their mails.
    for (const person of [first, second]) {
      const link = await mailedLink(person.email, '/join');
      const joined = await page.request.post(`${E2E_BASE_URL}/api/v2/core/join/join-to-workspace`, {
        headers: { authorization: `Bearer ${person.token}` },
        data: { token: link.searchParams.get('token') },
      });
      expect(joined.ok()).toBe(true);
    }

    // Change one member's role.
    await page.reload();
    await page.getByRole('button', { name: words.changeRole('Minh Ngo') }).click();
    await page.getByRole('menuitemradio', { name: words.viewer }).click();
    await expect(
      page
        .getByRole('button', { name: words.changeRole('Minh Ngo') })
        .locator('[data-role="viewer"]'),
    ).toBeVisible();
    const members = await page.request.get(
      `${E2E_BASE_URL}/api/v2/core/workspaces/${workspaceId}/users`,
      { headers: { authorization: `Bearer ${first.token}` } },
    );
    const roles = (await members.json()).resource.users.map(
      (user: { email: string; role: string }) => [user.email, user.role],
    );
    expect(roles).toContainEqual([first.email, 'viewer']);
    expect(roles).toContainEqual([second.email, 'member']);

    // Switch the current list to the board view; after a reload it is still the board.
    await page.goto('/workspaces');
    const current = page.getByRole('region', { name: words.current });
    await current.getByRole('radio', { name: words.board }).click();
    await expect(current.getByRole('radio', { name: words.board })).toBeChecked();
    await expect(current.getByRole('list').getByText(name)).toBeVisible();
    await page.reload();
    const again = page.getByRole('region', { name: words.current });
    await expect(again.getByRole('radio', { name: words.board })).toBeChecked();
    await expect(again.getByRole('list').getByText(name)).toBeVisible();
  });
}

test('invitation mails bring a new account and an existing one into the workspace', async ({
  page,
  browser,
}) => {
  const owner = await signUpAndSignIn(page, { firstName: 'Owner', lastName: 'One' });
  const existing = await createVerifiedAccount(page.request, { firstName: 'Kim', lastName: 'Bui' });
  const created = await page.request.post(`${E2E_BASE_URL}/api/v2/core/workspaces`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name: `Studio ${Date.now().toString(36)}`, workspace_type: 'general' },
  });
  const workspace = (await created.json()).resource;
  const newcomer = `newcomer-${Date.now().toString(36)}@example.com`;
  const invite = await page.request.post(
    `${E2E_BASE_URL}/api/v2/core/workspaces/${workspace.id}/invite`,
    {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { invitations: [{ email: newcomer }, { email: existing.email }] },
    },
  );
  expect(invite.ok()).toBe(true);

  // A new address: the registration page of the invitation signs the person up and in.
  const fresh = await browser.newContext({ baseURL: E2E_BASE_URL });
  const newPage = await fresh.newPage();
  const mail = await newestMailTo(newcomer);
  const register = mail.text.match(/\/register\/[\w-]+/);
  expect(register).not.toBeNull();
  await newPage.goto(register![0]);
  // The page names the workspace and has the invited address filled in.
  await expect(newPage.getByText(`Create your account to join ${workspace.name}.`)).toBeVisible();
  await expect(newPage.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(newcomer);
  await newPage.getByRole('textbox', { name: 'First name' }).fill('New');
  await newPage.getByLabel(/^New password/).fill('a long enough password');
  await newPage.getByRole('checkbox').check();
  await newPage.getByRole('button', { name: 'Create account' }).click();
  await expect(newPage).toHaveURL(new RegExp(`/workspaces/${workspace.id}/`));
  await expect(newPage.getByRole('heading', { name: workspace.name, level: 1 })).toBeVisible();
  await fresh.close();

  // An existing account, signed out: the join link signs in with one click, then joins.
  const other = await browser.newContext({ baseURL: E2E_BASE_URL });
  const existingPage = await other.newPage();
  const join = await mailedLink(existing.email, '/join');
  await existingPage.goto(`${join.pathname}${join.search}`);
  await existingPage.getByRole('button', { name: 'Join workspace' }).click();
  await expect(existingPage).toHaveURL(new RegExp(`/workspaces/${workspace.id}/`));
  await expect(existingPage.getByRole('heading', { name: workspace.name, level: 1 })).toBeVisible();
  await other.close();
});

test('a generalized workspace is made in three steps that can be resumed', async ({ page }) => {
  await signUpAndSignIn(page, { firstName: 'Gen', lastName: 'Eral' });
  await page.goto('/workspaces');
  await page.getByRole('button', { name: 'New workspace' }).click();
  await page.locator('[data-workspace-type="generalized"]').getByRole('button').click();
  await expect(page).toHaveURL(/\/workspaces\/generalized\/basic-information$/);
  const name = `Makers ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/workspaces\/generalized\/\d+\/plan$/);
  const planUrl = page.url();

  await page.getByRole('checkbox', { name: 'Assessments', exact: true }).check();
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByRole('textbox', { name: 'Question 1' }).fill('What do you want to build?');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/schedule$/);

  // Leaving and coming back by id finds the plan as it was saved.
  await page.goto(planUrl);
  await expect(page.getByRole('checkbox', { name: 'Assessments', exact: true })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Question 1' })).toHaveValue(
    'What do you want to build?',
  );
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('button', { name: 'Skip and create' }).click();
  await expect(page).toHaveURL(/\/workspaces\/\d+\/people$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Assessments' })).toBeVisible();
});
