import type { APIRequestContext, Page } from '@playwright/test';
import {
  createVerifiedAccount,
  fillSignIn,
  signUpAndSignIn,
  type TestAccount,
} from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { expect, test } from './support/test';

/**
 * Issue 28's journeys the other specs run on one screen size, on a desktop and on a phone: a
 * member answers their 360 from My work, an assessment's rater rule is set through Edit (both
 * from sign-in, by clicks), a skill search shows its best matches first and in view, and
 * "… is typing" goes away with the message it announced.
 */
const DEVICES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 360, height: 740 }],
] as const;
const core = `${E2E_BASE_URL}/api/v2/core`;
const headers = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });

/** Two people of one workspace with a chat between them, made through the API. */
async function twoPeople(request: APIRequestContext) {
  const ana = await createVerifiedAccount(request, { firstName: 'Ana', lastName: 'Vo' });
  const binh = await createVerifiedAccount(request, { firstName: 'Binh', lastName: 'Le' });
  const created = await request.post(`${core}/workspaces`, {
    headers: headers(ana),
    data: { name: 'Chemistry 120', workspace_type: 'course' },
  });
  const workspaceId = (await created.json()).resource.id as number;
  const invite = await request.get(`${core}/workspaces/${workspaceId}/invite`, {
    headers: headers(ana),
  });
  const joined = await request.post(`${core}/join/join-to-workspace`, {
    headers: headers(binh),
    data: { token: (await invite.json()).resource.token },
  });
  expect(joined.ok()).toBe(true);
  const binhId = (await (await request.get(`${core}/user`, { headers: headers(binh) })).json())
    .resource.id as number;
  const chat = await request.post(`${E2E_BASE_URL}/api/v2/messaging/chats/user-chat`, {
    headers: headers(ana),
    data: { user_id: binhId },
  });
  expect(chat.ok()).toBe(true);
  return { ana, binh, chatId: (await chat.json()).resource.chat.id as number };
}

/** An owner and a member of one organization workspace (the member joined by its link). */
async function organization(request: APIRequestContext) {
  const owner = await createVerifiedAccount(request, { firstName: 'Olga', lastName: 'Owner' });
  const member = await createVerifiedAccount(request, { firstName: 'Mai', lastName: 'Member' });
  const name = `Acme ${Date.now().toString(36)}`;
  const created = await request.post(`${core}/workspaces`, {
    headers: headers(owner),
    data: { name, workspace_type: 'organization' },
  });
  expect(created.ok()).toBe(true);
  const workspaceId = (await created.json()).resource.id as number;
  const invite = await request.get(`${core}/workspaces/${workspaceId}/invite`, {
    headers: headers(owner),
  });
  const joined = await request.post(`${core}/join/join-to-workspace`, {
    headers: headers(member),
    data: { token: (await invite.json()).resource.token },
  });
  expect(joined.ok()).toBe(true);
  const users: { id: number; email: string }[] = (
    await (
      await request.get(`${core}/workspaces/${workspaceId}/users`, { headers: headers(owner) })
    ).json()
  ).resource.users;
  const memberId = users.find((u) => u.email === member.email)!.id;
  const ownerId = users.find((u) => u.email === owner.email)!.id;
  return { owner, member, memberId, ownerId, workspaceId, name };
}

/** Signs in on the sign-in page, as a person does. */
async function signInByHand(page: Page, account: TestAccount) {
  await page.goto('/signin');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens a workspace from the main menu (on a phone, the menu opens from the header). */
async function openWorkspace(page: Page, name: string) {
  if (page.viewportSize()!.width < 600) {
    await page.getByRole('button', { name: 'Open the menu' }).click();
  }
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** Opens a section from the tab bar, or from its "N more" menu where the tab did not fit. */
async function openSection(page: Page, label: string) {
  const sections = page.getByRole('navigation', { name: 'Sections of the workspace' });
  const tab = sections.getByRole('tab', { name: label, exact: true });
  await expect(sections.getByRole('tab').first()).toBeVisible();
  if (await tab.isVisible()) {
    await tab.click();
  } else {
    await sections.getByRole('button', { name: / more$/ }).click();
    await page.getByRole('menuitemradio', { name: label, exact: true }).click();
  }
}

async function signIn(page: Page, account: TestAccount) {
  await page.context().addCookies([
    { name: 'access_token', value: account.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: account.language, url: E2E_BASE_URL },
  ]);
}

for (const [device, viewport] of DEVICES) {
  test(`on a ${device}, a member finds the 360 they are asked to answer in My work and answers it`, async ({
    page,
    request,
  }) => {
    const org = await organization(request);
    const created = await request.post(`${core}/workspaces/${org.workspaceId}/assessments`, {
      headers: headers(org.owner),
      data: {
        name: 'Culture 360',
        questions: [{ kind: 'rating', title: 'Lives our values', options: { scale: 5 } }],
        who: { evaluatee_ids: [org.memberId], rules: ['self'] },
      },
    });
    expect(created.status()).toBe(201);

    await page.setViewportSize(viewport);
    await signInByHand(page, org.member);
    await openWorkspace(page, org.name);
    await openSection(page, 'My work');
    const toAnswer = page.getByRole('region', { name: /^360 assessments to answer/ });
    await toAnswer.getByRole('link', { name: 'Culture 360' }).click();
    const dialog = page.getByRole('dialog', { name: 'Answer: Culture 360' });
    await expect(dialog.getByRole('heading', { name: 'About yourself' })).toBeVisible();
    await dialog
      .getByRole('radiogroup', { name: 'Lives our values' })
      .getByRole('radio', { name: '4' })
      .check();
    await dialog.getByRole('button', { name: 'Hand in' }).click();
    await expect(dialog.getByText('Everything is handed in. Thank you!')).toBeVisible();
    // Handed in, nothing can be lost: Close closes at once, with no "Discard changes?".
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Discard' })).toHaveCount(0);
    await expect(dialog).toBeHidden();
    // Answered, it leaves the person's to-do.
    await openSection(page, 'My work');
    await expect(toAnswer.getByRole('link', { name: 'Culture 360' })).toHaveCount(0);
  });

  test(`on a ${device}, an assessment with no rater rule gets one through Edit`, async ({
    page,
    request,
  }) => {
    const org = await organization(request);
    const created = await request.post(`${core}/workspaces/${org.workspaceId}/assessments`, {
      headers: headers(org.owner),
      data: {
        name: 'Forgot the raters',
        questions: [{ kind: 'rating', title: 'Lives our values', options: { scale: 5 } }],
      },
    });
    expect(created.status()).toBe(201);

    await page.setViewportSize(viewport);
    await signInByHand(page, org.owner);
    await openWorkspace(page, org.name);
    await openSection(page, 'Assessments');
    await page.getByRole('link', { name: 'Forgot the raters' }).click();
    await page.getByRole('tab', { name: 'Raters' }).click();
    await expect(page.getByText('Nobody assesses anyone yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit assessment' });
    const who = dialog.getByRole('group', { name: 'Who assesses whom' });
    await who.getByText('Each person assesses themselves').click();
    await expect(
      who.getByRole('checkbox', { name: 'Each person assesses themselves' }),
    ).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // The owner and the member each assess themselves now.
    await expect(page.getByText('0 of 2 handed in.')).toBeVisible();
  });

  test(`on a ${device}, an earlier team-formation proposal reopens from the history`, async ({
    page,
    request,
  }) => {
    const org = await organization(request);
    const runs: string[] = [];
    for (const seed of [1, 2]) {
      const started = await request.post(`${E2E_BASE_URL}/api/v2/teamformation`, {
        headers: headers(org.owner),
        data: {
          workspace_id: org.workspaceId,
          strategy: 'random',
          user_ids: [org.ownerId, org.memberId],
          team_size: { min: 1, max: 1 },
          seed,
        },
      });
      expect(started.ok()).toBe(true);
      const token = (await started.json()).resource.token as string;
      await expect
        .poll(async () => {
          const run = await request.get(`${E2E_BASE_URL}/api/v2/teamformation/${token}`, {
            headers: headers(org.owner),
          });
          return (await run.json()).resource.run.status as string;
        })
        .toBe('done');
      runs.push(token);
    }

    await page.setViewportSize(viewport);
    await signInByHand(page, org.owner);
    await openWorkspace(page, org.name);
    await openSection(page, 'Teams');
    await page.getByRole('link', { name: 'Form teams' }).click();
    // The newest proposal, never confirmed, is back on screen.
    const proposal = page.getByRole('region', { name: 'Proposed: 2 teams for 2 people' });
    await expect(proposal).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`run=${runs[1]}`));
    // The earlier one reopens from the history, still to confirm.
    const history = page.getByRole('table', { name: 'Earlier team formations' });
    await history.getByRole('button', { name: 'Open' }).nth(1).click();
    await expect(page).toHaveURL(new RegExp(`run=${runs[0]}`));
    await expect(proposal.getByRole('button', { name: 'Confirm 2 teams' })).toBeVisible();
  });

  test(`on a ${device}, a skill search shows the best matches first and in view`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signUpAndSignIn(page, { firstName: 'Lien', lastName: 'Pham' });
    await page.goto('/profile/skills');
    const picker = page.getByRole('combobox', { name: 'Add skills' });
    await picker.click();
    await picker.fill('rea');
    const list = page.getByRole('listbox');
    // Names that begin with the words typed come first, and the list shows them.
    await expect(list.getByRole('option').first()).toHaveText(/^Rea/);
    for (const name of ['React', 'Real estate']) {
      await expect(list.getByRole('option', { name, exact: true })).toBeInViewport();
    }
    await list.getByRole('option', { name: 'React', exact: true }).click();
    await expect(
      page.getByRole('list', { name: 'Your skills' }).getByText('React', { exact: true }),
    ).toBeVisible();
    await picker.press('Escape');
  });

  test(`on a ${device}, "is typing" goes away once the message is sent`, async ({
    page,
    browser,
    request,
  }) => {
    const { ana, binh, chatId } = await twoPeople(request);
    await page.setViewportSize(viewport);
    await signIn(page, binh);
    await page.goto(`/messages?chat=${chatId}`);
    const anaContext = await browser.newContext({ viewport });
    const anaPage = await anaContext.newPage();
    await signIn(anaPage, ana);
    await anaPage.goto(`/messages?chat=${chatId}`);

    const composer = anaPage.getByRole('textbox', { name: /Write a message/ });
    // A first message, seen live: both sides are connected to the chat.
    await composer.fill('Hi Binh');
    await composer.press('Enter');
    await expect(page.getByTestId('chat-message').getByText('Hi Binh')).toBeVisible();
    // Typing at a person's pace: the composer says so at most every 3 s.
    await composer.pressSequentially('Are you coming to the lab?', { delay: 150 });
    const typing = page.getByText('Ana is typing…');
    await expect(typing).toBeVisible();
    await composer.press('Enter');
    await expect(
      page.getByTestId('chat-message').getByText('Are you coming to the lab?'),
    ).toBeVisible();
    // Gone with the message itself, not when the typing would have timed out (4 s later).
    await expect(typing).toBeHidden({ timeout: 1000 });
    await anaContext.close();
  });
}
