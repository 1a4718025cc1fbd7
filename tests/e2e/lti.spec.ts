import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createVerifiedAccount, makeSupervisor } from './support/accounts';
import { E2E_BASE_URL } from './support/env';
import { ROLE, startLtiPlatform, type LtiPlatform } from '../support/lti-platform';

/**
 * LTI 1.3 in Chromium: the learning platform stand-in's course page shows Teamloop in an
 * iframe; OIDC login initiation, the platform's form post of the id_token and the launch page
 * all run inside the frame, and the course's workspace shows, signed in.
 */
let platform: LtiPlatform;
const base = `${E2E_BASE_URL}/api/v2/core/lti`;

test.beforeAll(async ({ request }) => {
  platform = await startLtiPlatform({
    toolJwks: async () => (await fetch(`${base}/jwks`)).json(),
    toolLaunchUrl: `${base}/launch`,
    toolLoginUrl: `${base}/login`,
  });
  platform.addUser({
    sub: 'teacher-e2e',
    email: `teacher-${Date.now()}@school.test`,
    given_name: 'Lan',
    family_name: 'Tran',
    roles: [ROLE.instructor],
  });
  platform.addUser({
    sub: 'student-e2e',
    email: `student-${Date.now()}@school.test`,
    given_name: 'Minh',
    family_name: 'Le',
    roles: [ROLE.learner],
  });
  // A workspace owner registers the platform, as the Plugins page does.
  const admin = await createVerifiedAccount(request);
  const headers = { authorization: `Bearer ${admin.token}` };
  const workspace = await request.post(`${E2E_BASE_URL}/api/v2/core/workspaces`, {
    headers,
    data: { name: 'Admin space', workspace_type: 'general' },
  });
  expect(workspace.ok()).toBe(true);
  const plugin = await request.post(`${E2E_BASE_URL}/api/v2/core/plugins`, {
    headers,
    data: platform.pluginBody(),
  });
  expect(plugin.status(), await plugin.text()).toBe(201);
});
test.afterAll(async () => {
  await platform?.close();
});

/**
 * A first visit makes an account of the platform's own (this plugin is an owner's, not
 * approved: nothing links by e-mail) and offers to link it instead; going on with it, the
 * privacy policy comes first (spec 2.8), then the course workspace opens.
 */
async function openCourse(page: Page, user: string) {
  await page.goto(`${platform.url}/course?user=${user}`);
  const tool = page.frameLocator('#tool');
  await tool.getByRole('button', { name: 'Continue with this new account' }).click();
  const accept = tool.getByRole('button', { name: 'I accept' });
  await expect(accept).toBeVisible({ timeout: 30_000 });
  // No tour card over the question: tours start only once it is answered (a tour looks 500 ms
  // after the page shows; a card over the dialog once hid "I accept" from screen readers).
  await page.waitForTimeout(1500);
  await expect(tool.locator('[data-tour-card]')).toHaveCount(0);
  await accept.click();
  await tool.getByRole('link', { name: platform.course.title }).first().click();
  await expect(tool.getByRole('heading', { name: platform.course.title }).first()).toBeVisible();
  await expect.poll(() => page.frame({ url: /\/workspaces\/\d+/ })?.url()).toBeTruthy();
  // The workspace's address, whichever of its pages it opened on.
  return /\/workspaces\/\d+/.exec(page.frame({ url: /\/workspaces\/\d+/ })!.url())![0];
}

test('the course page launches Teamloop in an iframe and the course workspace shows', async ({
  page,
  browser,
}) => {
  const teacherUrl = await openCourse(page, 'teacher-e2e');
  // A learner of the same course lands in the same workspace.
  const learner = await browser.newContext();
  const learnerUrl = await openCourse(await learner.newPage(), 'student-e2e');
  expect(learnerUrl).toBe(teacherUrl);
  await learner.close();
});

test('a launch is linked to an existing account only after its sign-in here and a confirmation', async ({
  page,
  request,
}) => {
  const person = await createVerifiedAccount(request, { firstName: 'Mai', lastName: 'Pham' });
  // The platform claims the person's address: an unapproved plugin does not link by it.
  platform.addUser({
    sub: 'linker-e2e',
    email: person.email,
    given_name: 'Mai',
    family_name: 'Pham',
    roles: [ROLE.instructor],
  });
  await page.goto(`${platform.url}/course?user=linker-e2e`);
  const tool = page.frameLocator('#tool');
  await tool.getByRole('button', { name: 'Link to my existing Teamloop account' }).click();
  await tool.getByLabel('E-mail').fill(person.email);
  await tool.getByLabel('Password').fill(person.password);
  await tool.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(tool.getByRole('heading', { name: 'Link your Teamloop account' })).toBeVisible();
  await expect(tool.getByText('A supervisor has not approved this platform')).toBeVisible();
  await expect(tool.getByText(`to the account ${person.email}?`)).toBeVisible();
  await tool.getByRole('button', { name: 'Link my account' }).click();
  await expect(tool.getByRole('heading', { name: platform.course.title }).first()).toBeVisible();
  await expect.poll(() => page.frame({ url: /\/workspaces\/\d+/ })?.url()).toBeTruthy();
  // The next launch opens that account straight away.
  await page.goto(`${platform.url}/course?user=linker-e2e`);
  await expect(tool.getByRole('heading', { name: platform.course.title }).first()).toBeVisible();
  await expect(tool.getByRole('button', { name: 'Continue with this new account' })).toHaveCount(0);
});

/**
 * The class before the students: a supervisor's (approved) registration of another platform;
 * the teacher's first launch reads the roster in a job, so People already lists the class as
 * invited; "Bring in the class" reads it again and says how many people came.
 */
test.describe('the course roster', () => {
  let lms: LtiPlatform;
  const stamp = Date.now();
  const student = (n: number) => `roster-student${n}-${stamp}@school.test`;

  test.beforeAll(async ({ request }) => {
    lms = await startLtiPlatform({
      toolJwks: async () => (await fetch(`${base}/jwks`)).json(),
      toolLaunchUrl: `${base}/launch`,
      toolLoginUrl: `${base}/login`,
    });
    lms.addUser({
      sub: 'roster-teacher',
      email: `roster-teacher-${stamp}@school.test`,
      given_name: 'Hanh',
      family_name: 'Do',
      roles: [ROLE.instructor],
    });
    for (const n of [1, 2]) {
      lms.addUser({ sub: `roster-student-${n}`, email: student(n), roles: [ROLE.learner] });
    }
    const supervisor = await createVerifiedAccount(request);
    await makeSupervisor(request, supervisor.email);
    const plugin = await request.post(`${E2E_BASE_URL}/api/v2/core/plugins`, {
      headers: { authorization: `Bearer ${supervisor.token}` },
      data: lms.pluginBody({ name: 'Moodle of the school' }),
    });
    expect(plugin.status(), await plugin.text()).toBe(201);
    expect((await plugin.json()).resource.approved).toBe(true);
  });
  test.afterAll(async () => {
    await lms?.close();
  });

  test('the teacher launches, finds the class in People, and brings in a late enrolment', async ({
    page,
  }) => {
    await page.goto(`${lms.url}/course?user=roster-teacher`);
    const tool = page.frameLocator('#tool');
    await tool.getByRole('button', { name: 'Continue with this new account' }).click();
    await tool.getByRole('button', { name: 'I accept' }).click({ timeout: 30_000 });
    // The launch goes on to the course workspace by itself.
    await expect(tool.getByRole('heading', { name: lms.course.title, level: 1 })).toBeVisible();
    await tool
      .getByRole('navigation', { name: 'Sections of the workspace' })
      .getByRole('tab', { name: 'People', exact: true })
      .click();

    // The launch's job has brought the class in: both students are invited.
    await expect(
      tool.getByRole('heading', { name: 'Class from Moodle of the school' }),
    ).toBeVisible();
    const pending = tool.getByRole('table', { name: 'Pending invitations' });
    await expect(pending.getByText(student(1))).toBeVisible();
    await expect(pending.getByText(student(2))).toBeVisible();
    await expect(
      tool.getByText('Done: 2 people brought in from Moodle of the school.'),
    ).toBeVisible();

    // A student enrolled later comes in from the button, and the page says so.
    lms.addUser({ sub: 'roster-student-3', email: student(3), roles: [ROLE.learner] });
    // The platform takes its time: the page shows the reading in progress meanwhile.
    // Long enough for both checks below on a busy machine (1.5 s was not, with two browsers).
    lms.state.rosterDelayMs = 5000;
    const bring = tool.getByRole('button', {
      name: 'Bring in the class from Moodle of the school',
    });
    await bring.click();
    await expect(bring).toBeDisabled();
    await expect(tool.getByText('Reading the class list from Moodle of the school…')).toBeVisible();
    await expect(
      tool.getByText('Done: 1 person brought in from Moodle of the school.'),
    ).toBeVisible();
    await expect(tool.getByText(/3 were already here/)).toBeVisible();
    await expect(pending.getByText(student(3))).toBeVisible();
  });
});
