import type { APIRequestContext, Page } from '@playwright/test';
import { createVerifiedAccount, fillSignIn, type TestAccount } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { mailedLink } from './support/mail';
import { expect, test } from './support/test';

/**
 * Issue 28: every journey finishable by clicking. From sign-in, by clicks only, on a desktop
 * and on a phone: every list of an organization and a general workspace, the dashboard's
 * counts, a member's 360 from My work, and an earlier team-formation proposal from the history.
 */
const core = `${E2E_BASE_URL}/api/v2/core`;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

let owner: TestAccount;
let member: TestAccount;
let orgId: number;
let generalId: number;
let assessmentId: number;
const runs: string[] = [];

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  const as = (account: TestAccount) => ({ authorization: `Bearer ${account.token}` });
  const ok = async (what: string, response: Awaited<ReturnType<APIRequestContext['get']>>) => {
    if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers, read loosely
    return ((await response.json()) as { resource: any }).resource;
  };
  owner = await createVerifiedAccount(request, { firstName: 'Olga', lastName: 'Owner' });
  member = await createVerifiedAccount(request, { firstName: 'Mai', lastName: 'Member' });
  const workspace = async (name: string, type: string) =>
    (
      await ok(
        'workspace',
        await request.post(`${core}/workspaces`, {
          headers: as(owner),
          data: { name, workspace_type: type },
        }),
      )
    ).id as number;
  orgId = await workspace('Acme Organization', 'organization');
  generalId = await workspace('Book Club', 'general');
  let used: string | null = null;
  for (const id of [orgId, generalId]) {
    await ok(
      'invite',
      await request.post(`${core}/workspaces/${id}/invite`, {
        headers: as(owner),
        data: { invitations: [{ email: member.email }] },
      }),
    );
    // Each invitation is its own mail: wait for the one newer than the last used.
    let token: string | null = null;
    for (let attempt = 0; attempt < 100; attempt++) {
      token = (await mailedLink(member.email, '/join')).searchParams.get('token');
      if (token !== used) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    used = token;
    await ok(
      'join',
      await request.post(`${core}/join/join-to-workspace`, {
        headers: as(member),
        data: { token },
      }),
    );
  }
  const users: { id: number; email: string }[] = (
    await ok(
      'users',
      await request.get(`${core}/workspaces/${orgId}/users`, { headers: as(owner) }),
    )
  ).users;
  const memberId = users.find((u) => u.email === member.email)!.id;
  const ownerId = users.find((u) => u.email === owner.email)!.id;
  const day = 86_400_000;
  for (const [name, due] of [
    ['Quarterly plan', null],
    ['Five-year vision', 400],
    ['Weekly report', 3],
  ] as const) {
    await ok(
      `task ${name}`,
      await request.post(`${core}/workspaces/${orgId}/tasks-by-owner`, {
        headers: as(owner),
        data: {
          name,
          user_ids: [memberId],
          reviewer_ids: [],
          ...(due ? { expired_at: new Date(Date.now() + due * day).toISOString() } : {}),
        },
      }),
    );
  }
  assessmentId = (
    await ok(
      'assessment',
      await request.post(`${core}/workspaces/${orgId}/assessments`, {
        headers: as(owner),
        data: {
          name: 'Culture 360',
          questions: [
            { kind: 'rating', title: 'Lives our values', options: { scale: 5 } },
            { kind: 'text', title: 'One thing to keep doing', required: false },
          ],
          who: { evaluatee_ids: [memberId], rules: ['self', 'everyone'] },
        },
      }),
    )
  ).assessment.id;
  // Two earlier team formations of the organization, left unconfirmed.
  for (const seed of [1, 2]) {
    const started = await ok(
      'formation',
      await request.post(`${E2E_BASE_URL}/api/v2/teamformation`, {
        headers: as(owner),
        data: {
          workspace_id: orgId,
          strategy: 'random',
          user_ids: [ownerId, memberId],
          team_size: { min: 1, max: 1 },
          seed,
        },
      }),
    );
    for (let attempt = 0; ; attempt++) {
      const run = (
        await ok(
          'run',
          await request.get(`${E2E_BASE_URL}/api/v2/teamformation/${started.token}`, {
            headers: as(owner),
          }),
        )
      ).run;
      if (run.status === 'done') break;
      if (attempt > 200) throw new Error(`run ${run.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    runs.push(started.token);
  }
  await request.dispose();
});

async function signIn(page: Page, account: TestAccount) {
  await page.goto('/signin');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Opens a workspace from the main menu (on a phone, the menu opens from the header). */
async function openWorkspace(page: Page, name: string) {
  const menuButton = page.getByRole('button', { name: 'Open the menu' });
  if (page.viewportSize()!.width < 600) await menuButton.click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

const sections = (page: Page) =>
  page.getByRole('navigation', { name: 'Sections of the workspace' });

/** Opens a section from the tab bar, or from its "N more" menu where the tab did not fit. */
async function openSection(page: Page, label: string, path: RegExp) {
  const tab = sections(page).getByRole('tab', { name: label, exact: true });
  await expect(sections(page).getByRole('tab').first()).toBeVisible();
  if (await tab.isVisible()) {
    await tab.click();
  } else {
    await sections(page)
      .getByRole('button', { name: / more$/ })
      .click();
    await page.getByRole('menuitemradio', { name: label, exact: true }).click();
  }
  await expect(page).toHaveURL(path);
}

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`on a ${device}, every list of an organization and a general workspace is one click away`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, owner);
    await openWorkspace(page, 'Acme Organization');
    const base = `/workspaces/${orgId}`;
    await openSection(page, 'Tasks', new RegExp(`${base}/tasks$`));
    await expect(page.getByRole('link', { name: 'Weekly report' }).first()).toBeVisible();
    await openSection(page, 'Assessments', new RegExp(`${base}/assessments$`));
    await expect(page.getByText('Culture 360').first()).toBeVisible();
    await openSection(page, 'Objectives', new RegExp(`${base}/objectives$`));
    await openSection(page, 'People', new RegExp(`${base}/people$`));
    await expect(page.getByText('Mai Member').first()).toBeVisible();
    await openSection(page, 'Teams', new RegExp(`${base}/teams$`));
    await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();

    // The dashboard's counts open the lists they count.
    await openSection(page, 'Dashboard', new RegExp(`${base}/dashboard$`));
    await page.getByRole('link', { name: 'Tasks: 3 Open' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/tasks\\?status=open$`));
    await expect(page.getByRole('link', { name: 'Quarterly plan' }).first()).toBeVisible();
    await openSection(page, 'Dashboard', new RegExp(`${base}/dashboard$`));
    await page.getByRole('link', { name: 'Assessments: 1 Open' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/assessments\\?status=open$`));
    await openSection(page, 'Dashboard', new RegExp(`${base}/dashboard$`));
    await page.getByRole('link', { name: 'Tasks: 0 Archived' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/tasks\\?status=archived$`));
    await expect(page.getByRole('tab', { name: /^Archived/, selected: true })).toBeVisible();
    await openSection(page, 'Dashboard', new RegExp(`${base}/dashboard$`));
    await page.getByRole('link', { name: '2 members' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/people$`));

    // "Tasks and assessments" links to both lists too.
    await openSection(page, 'Tasks and assessments', new RegExp(`${base}/tasks-assessments$`));
    await page.getByRole('link', { name: 'All assessments' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/assessments$`));

    await openWorkspace(page, 'Book Club');
    const general = `/workspaces/${generalId}`;
    for (const [label, path] of [
      ['Tasks', 'tasks'],
      ['Assessments', 'assessments'],
      ['Objectives', 'objectives'],
      ['People', 'people'],
      ['Teams', 'teams'],
    ] as const) {
      await openSection(page, label, new RegExp(`${general}/${path}$`));
    }
  });
}

test('a member finds the 360 they are asked to answer in My work and opens it', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, member);
  await openWorkspace(page, 'Acme Organization');
  await openSection(page, 'My work', new RegExp(`/workspaces/${orgId}/my-work$`));
  const toAnswer = page.getByRole('region', { name: /^360 assessments to answer/ });
  await expect(toAnswer.getByText('No due date')).toBeVisible();
  const handIn = page.getByRole('region', { name: /^To hand in \(3\)/ });
  // Due soonest first, undated last, whatever the date.
  await expect(handIn.getByRole('link')).toHaveText([
    'Weekly report',
    'Five-year vision',
    'Quarterly plan',
  ]);
  await toAnswer.getByRole('link', { name: 'Culture 360' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/workspaces/${orgId}/assessments\\?answer=${assessmentId}$`),
  );
  await expect(page.getByRole('dialog', { name: 'Answer: Culture 360' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The workspace's "Tasks and assessments" lists the same.
  await openSection(
    page,
    'Tasks and assessments',
    new RegExp(`/workspaces/${orgId}/tasks-assessments$`),
  );
  await expect(
    page.getByRole('region', { name: /^360 assessments to answer \(1\)/ }).getByRole('link'),
  ).toHaveText(['Culture 360']);
});

test('an earlier team-formation proposal reopens from the history', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, owner);
  await openWorkspace(page, 'Acme Organization');
  await openSection(page, 'Teams', new RegExp(`/workspaces/${orgId}/teams$`));
  // The owner placed in no team is not asked to complete a profile teams are formed from.
  await expect(page.getByText('Complete your profile so teams can be formed')).toHaveCount(0);
  await page.getByRole('link', { name: 'Form teams' }).click();
  // The newest proposal, never confirmed, is back on screen.
  const proposal = page.getByRole('region', { name: 'Proposed: 2 teams for 2 people' });
  await expect(proposal).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`run=${runs[1]}`));
  // Nobody set free hours or finished the assessment, and no skill was asked for: no
  // measure reads as a perfect score.
  const metrics = proposal.getByRole('table', { name: 'Measures of the proposal' });
  await expect(metrics.locator('[data-metric="availability_mean"] td').nth(1)).toHaveText(
    '— nobody has set free hours',
  );
  await expect(metrics.locator('[data-metric="skills_min"] td').nth(1)).toHaveText(
    '— no skill was asked for',
  );
  await expect(proposal.getByText('Shared free hours: — nobody has set free hours')).toHaveCount(2);
  await expect(proposal.getByText(/168 hours/)).toHaveCount(0);

  const history = page.getByRole('table', { name: 'Earlier team formations' });
  await history.getByRole('button', { name: 'Open' }).nth(1).click();
  await expect(page).toHaveURL(new RegExp(`run=${runs[0]}`));
  await expect(proposal).toBeVisible();
  await expect(history.getByRole('button', { name: 'Open' }).nth(1)).toBeDisabled();
  await expect(proposal.getByRole('button', { name: 'Confirm 2 teams' })).toBeVisible();

  // Dropping it keeps it in the history, no longer to confirm.
  await proposal.getByRole('button', { name: 'Drop this proposal' }).click();
  await expect(history.getByRole('cell', { name: 'Dropped' })).toHaveCount(1);
  await history.getByRole('button', { name: 'Open' }).nth(1).click();
  await expect(proposal.getByText('This proposal was dropped')).toBeVisible();
  await expect(proposal.getByRole('button', { name: 'Confirm 2 teams' })).toHaveCount(0);
});
