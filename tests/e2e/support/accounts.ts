import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_TOKEN_HEADER } from '@contracts/admin';
import { TOUR_NAMES } from '@contracts/auth';
import { E2E_BASE_URL, e2eDataDir } from './env';
import { mailedLink } from './mail';

export type Language = 'en' | 'vi';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  language: Language;
  /** A valid access token of the account (the one the helper signed in with). */
  token: string;
}

let counter = 0;

/** An address no other test uses, even across runs on the same database. */
export function uniqueEmail(label = 'person'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface AccountOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  language?: Language;
  /**
   * The guided tours this account has not seen yet. By default none: every tour is saved as
   * finished, so the tour cards a first visit shows do not stand in the way of tests about
   * something else (tests/e2e/tours.spec.ts leaves the tours it is about pending).
   */
  pendingTours?: readonly string[] | 'all';
}

/** Saves every tour but `pending` as finished for the account (as if the person had seen it). */
export async function finishTours(
  request: APIRequestContext,
  token: string,
  pending: readonly string[] | 'all' = [],
): Promise<void> {
  if (pending === 'all') return;
  for (const name of TOUR_NAMES.filter((tour) => !pending.includes(tour))) {
    const response = await request.post(`${E2E_BASE_URL}/api/v2/core/tours`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name, state: { status: 'finished' } },
    });
    if (!response.ok()) throw new Error(`tour ${name}: ${response.status()}`);
  }
}

/**
 * A verified account made the way a person makes one: sign-up, then the link from the mail in
 * the outbox. Goes through the API, so it takes a fraction of a second.
 */
export async function createVerifiedAccount(
  request: APIRequestContext,
  options: AccountOptions = {},
): Promise<TestAccount> {
  const account = {
    email: options.email ?? uniqueEmail(),
    password: options.password ?? 'correct horse battery staple',
    firstName: options.firstName ?? 'Ada',
    lastName: options.lastName ?? 'Lovelace',
    language: options.language ?? 'en',
  };
  const signUp = await request.post(`${E2E_BASE_URL}/api/v2/core/join/sign-up`, {
    headers: { language: account.language },
    data: {
      email: account.email,
      password: account.password,
      first_name: account.firstName,
      last_name: account.lastName,
      language: account.language,
      accept_privacy: true,
    },
  });
  if (!signUp.ok()) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  const link = await mailedLink(account.email, '/verify');
  const verify = await request.get(
    `${E2E_BASE_URL}/api/v2/core/join/verify-email/${link.searchParams.get('token')}`,
  );
  const token = verify.headers()['access-token'];
  if (!verify.ok() || !token) throw new Error(`verification failed: ${verify.status()}`);
  await finishTours(request, token, options.pendingTours);
  return { ...account, token };
}

/**
 * A new verified account, signed in on `page` (its token and language in the page's cookies),
 * as if the person had just signed in. Then `page.goto('/dashboard')` or any route.
 */
export async function signUpAndSignIn(
  page: Page,
  options: AccountOptions = {},
): Promise<TestAccount> {
  const account = await createVerifiedAccount(page.request, options);
  await page.context().addCookies([
    { name: 'access_token', value: account.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: account.language, url: E2E_BASE_URL },
  ]);
  return account;
}

/** Signs in through the English sign-in page (the page must already be on /signin). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Makes an account a supervisor as `npm run user:supervisor` does, through the operator route
 * with the token the test server wrote into its data folder. Its session stays signed in.
 */
export async function makeSupervisor(request: APIRequestContext, email: string): Promise<void> {
  const token = readFileSync(path.join(e2eDataDir(), 'admin-token'), 'utf8');
  const response = await request.post(`${E2E_BASE_URL}/api/v2/admin/supervisors`, {
    headers: { [ADMIN_TOKEN_HEADER]: token },
    data: { email },
  });
  if (!response.ok()) throw new Error(`supervisor: ${response.status()} ${await response.text()}`);
}
