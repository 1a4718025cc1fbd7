import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  createVerifiedAccount,
  fillSignIn,
  signUpAndSignIn,
  uniqueEmail,
} from './support/accounts';
import { OIDC_DISPLAY_NAME, OIDC_PERSON } from './support/env';
import { linkIn, mailedLink, newestMailTo } from './support/mail';

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu of ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

test('sign up, verify from the mailed link, sign in and land on the dashboard', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('ada');
  const password = 'analytical engine';
  await page.goto('/register');
  await expect(page).toHaveTitle('Teamloop | Sign up');
  // Sent empty, every required field says so, not only the consent box.
  await page.getByRole('button', { name: 'Create account' }).click();
  const form = page.locator('form');
  await expect(form.getByText('This field is required.')).toHaveCount(3);
  await expect(
    form.getByText('Please accept the privacy policy and terms of use to create an account.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('New password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();
  await expect(page.getByText(`We sent a mail to ${email}.`)).toBeVisible();

  const link = await mailedLink(email, '/verify');
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  await expect(page).toHaveTitle('Teamloop | Dashboard');

  // Spec 9: the token cookie lives 100 days, secure, same-site none, path /.
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
  expect(cookie).toMatchObject({ path: '/', secure: true, sameSite: 'None' });
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(99);
  expect(days).toBeLessThanOrEqual(100);

  await signOut(page, 'Ada Lovelace');
  await fillSignIn(page, email, 'not the password');
  await expect(page.getByRole('alert')).toContainText('The e-mail or password is incorrect.');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
});

test('signing up with an address that has an account looks the same, and the mail says so', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request);
  await page.goto('/register');
  await page.getByLabel('First name').fill('Eve');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(account.email);
  await page.getByLabel('New password').fill('some other password');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // The same screen as a new address: no "already exists" for someone probing.
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { name: 'Check your mail' })).toBeVisible();
  await expect(page.getByText(`We sent a mail to ${account.email}.`)).toBeVisible();
  const mail = await newestMailTo(account.email, {
    match: (m) => m.subject.includes('already have'),
  });
  const signIn = linkIn(mail, '/signin');
  await page.goto(signIn.pathname);
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a protected route while signed out goes to sign-in and comes back after it', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, {
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  await page.goto('/settings/security-privacy');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Teamloop' })).toBeVisible();

  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/settings\/security-privacy$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page).toHaveTitle('Teamloop | Security and privacy');
});

test('the Vietnamese locale shows Vietnamese on the sign-in, sign-up, verify and dashboard screens', async ({
  page,
  context,
}) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('menuitemradio', { name: 'Tiếng Việt' }).click();

  await expect(page.getByRole('heading', { name: 'Đăng nhập Teamloop' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Đăng nhập', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page).toHaveTitle('Teamloop | Đăng nhập');
  const languageCookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(languageCookie?.value).toBe('vi');
  expect((languageCookie!.expires * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(364);

  await page.getByRole('link', { name: 'Tạo tài khoản' }).click();
  await expect(page.getByRole('heading', { name: 'Tạo tài khoản Teamloop' })).toBeVisible();
  const email = uniqueEmail('lan');
  await page.getByRole('textbox', { name: 'Tên', exact: true }).fill('Lan');
  await page.getByRole('textbox', { name: 'Họ', exact: true }).fill('Nguyễn');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel('Mật khẩu mới').fill('mật khẩu an toàn');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Tạo tài khoản' }).click();

  await expect(page.getByRole('heading', { name: 'Hãy kiểm tra hộp thư' })).toBeVisible();
  // The server's words come back in the language the page asked for.
  await expect(page.getByText('Sắp xong rồi!')).toBeVisible();
  const mail = await newestMailTo(email);
  expect(mail.text).toContain('Xin chào');

  const link = await mailedLink(email, '/verify');
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Chào mừng, Lan' })).toBeVisible();
  await expect(page).toHaveTitle('Teamloop | Bảng điều khiển');
  await expect(page.getByRole('link', { name: 'Không gian làm việc' }).first()).toBeVisible();
});

test('turning on two-factor authentication in settings makes sign-in ask for the code', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Alan', lastName: 'Turing' });
  await page.goto('/settings/security-privacy');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').textContent())!.trim();
  await section.getByLabel('6-digit code').fill('000000');
  await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(section.getByText('The code is not correct.')).toBeVisible();
  await section.getByLabel('6-digit code').fill(await generate({ secret }));
  await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(
    section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();

  await signOut(page, 'Alan Turing');
  await fillSignIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Code or recovery code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The code is not correct.')).toBeVisible();
  // Each time step signs in once, and turning 2FA on spent the current one: use the next.
  await page
    .getByLabel('Code or recovery code')
    .fill(await generate({ secret, epoch: Date.now() / 1000 + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Alan' })).toBeVisible();
});

test('deleting the account with its password signs out, and the password no longer works', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Grace', lastName: 'Hopper' });
  await page.goto('/settings/security-privacy');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  // The dialog left with the signed-in frame: the page it hid is given back to screen readers.
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
  await fillSignIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toContainText('The e-mail or password is incorrect.');
});

test('an unknown page shows the 404 page, signed in or not', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('This page could not be found.')).toBeVisible();

  await signUpAndSignIn(page);
  await page.goto('/workspaces/1/no-such-tab/here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('single sign-on: the provider button, its pages, the callback, then privacy acceptance', async ({
  page,
}) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: `Sign in with ${OIDC_DISPLAY_NAME}` }).click();
  // The provider's own login and consent pages (oidc-provider's development interactions).
  await page.locator('input[name="login"]').fill(OIDC_PERSON.sub);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const dialog = page.getByRole('alertdialog', { name: 'Please accept our privacy policy' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'I accept' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome, Katherine' })).toBeVisible();

  // Until accepted, every page sent the person back here; now other pages open.
  await page.goto('/settings/security-privacy');
  await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible();
});

test('on a phone the screens fit the width and the menu opens from the header', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const fitsWidth = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  for (const route of ['/signin', '/register', '/password/forgot', '/privacy-policy']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await fitsWidth(), route).toBe(true);
  }
  await signUpAndSignIn(page, { firstName: 'Mary', lastName: 'Jackson' });
  for (const route of ['/dashboard', '/settings/security-privacy', '/calendar']) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await fitsWidth(), route).toBe(true);
  }
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await page.getByRole('link', { name: 'Drive' }).click();
  await expect(page).toHaveURL(/\/drive$/);
  await expect(page.getByRole('heading', { name: 'Drive', level: 1 })).toBeVisible();
});

test('the page says when the browser goes offline and when it is back', async ({
  page,
  context,
}) => {
  await signUpAndSignIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  // Start-up chunks (the toaster's among them, loaded once the page has) first: one cut off
  // mid-load fails for good in Chromium, and the chunk guard then reloads the page when the
  // network is back.
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => entry.name.includes('/fluent-shared-')),
  );
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByText('You are offline')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are offline')).toBeHidden();
  // The toast (Fluent also reads its words out through a live region).
  await expect(page.locator('.fui-ToastTitle', { hasText: 'You are back online.' })).toBeVisible();
});

test('a session ended elsewhere signs out at once and sign-in returns to the page', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, { firstName: 'Dorothy', lastName: 'Vaughan' });
  // The live connection is in its rooms once the server has said what the page missed since it
  // started (its `catch-up` answer): from then on, hanging up on it reaches this page.
  let joined = false;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"catch-up"')) joined = true;
    }),
  );
  await page.goto('/settings/security-privacy');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await expect.poll(() => joined).toBe(true);
  await page.waitForLoadState('networkidle');
  // Signed out on another device: the server revokes this token.
  const logout = await page.request.post('/api/v2/core/join/logout', {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(logout.ok()).toBe(true);

  // The server hangs up this session's socket, and the refetch that follows meets the 401.
  await expect(page).toHaveURL(/\/signin$/);
  await expect(
    page.locator('.fui-ToastTitle', { hasText: 'Please sign in to continue.' }),
  ).toBeVisible();
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/settings\/security-privacy$/);
});
