import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, test } from './support/test';

/**
 * Forming teams for a class of 40. The class is seeded into an app of this file's own
 * (team-formation-app.ts, run with tsx in a child process), since invitations stop at 20.
 */
let server: ChildProcess;
let url: string;
let ownerToken: string;
let memberToken: string;
let workspaceId: number;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = spawn('node', ['--import', 'tsx', 'tests/e2e/team-formation-app.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`the app stopped with code ${code}`)));
  });
  ({ url, token: ownerToken, memberToken, workspaceId } = JSON.parse(firstLine));
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('a member who keeps the self-assessment private: teams are formed, its measures are not shown', async ({
  page,
}) => {
  const setPrivacy = (audience: string) =>
    page.request.post(`${url}/api/v2/core/user/options`, {
      headers: { authorization: `Bearer ${memberToken}` },
      data: { view_personality: audience },
    });
  expect((await setPrivacy('only_me')).ok()).toBe(true);
  await page.context().addCookies([
    { name: 'access_token', value: ownerToken, url },
    { name: 'i18n_redirected', value: 'en', url },
  ]);
  await page.goto(`${url}/workspaces/${workspaceId}/team-formation`);
  await page.getByRole('button', { name: 'Form teams', exact: true }).click();
  const proposal = page.getByRole('region', { name: /Proposed: \d+ teams for 40 people/ });
  await expect(proposal).toBeVisible({ timeout: 30_000 });
  await expect(proposal.getByText('39 people finished the self-assessment')).toBeVisible();
  await expect(
    proposal.getByText(/Kept private from you: self-assessments 1, skill lists 0, free hours 0/),
  ).toBeVisible();
  const metrics = proposal.getByRole('table', { name: 'Measures of the proposal' });
  await expect(metrics.locator('[data-metric="rho"] td').nth(1)).toHaveText(
    'Not shown: someone keeps this part of their profile private',
  );
  await expect(metrics.locator('[data-metric="violations"] td').nth(1)).toHaveText('0');
  await expect(
    proposal
      .getByRole('group', { name: 'Team 1', exact: true })
      .getByText(/Personality mix: not shown/),
  ).toBeVisible();
  expect((await setPrivacy('everyone')).ok()).toBe(true);
});

test('an owner forms balanced teams for a class of 40, swaps two people and confirms', async ({
  page,
}) => {
  await page.context().addCookies([
    { name: 'access_token', value: ownerToken, url },
    { name: 'i18n_redirected', value: 'en', url },
  ]);
  // Runs made earlier in this file, so the history below is counted from them.
  const earlier = await page.request.get(`${url}/api/v2/teamformation/history/${workspaceId}`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  const earlierRuns = ((await earlier.json()).resource.runs as unknown[]).length;
  await page.goto(`${url}/workspaces/${workspaceId}/team-formation`);
  await expect(page.getByRole('heading', { name: 'Team formation', level: 1 })).toBeVisible();
  // Owners and admins are left out of the teams, and the page says so.
  await expect(
    page.getByText(/Owners and admins run the workspace and are left out/),
  ).toBeVisible();
  const skills = page.getByRole('combobox', { name: 'Skills every team should have' });
  for (const skill of ['Backend', 'Design', 'Testing']) {
    await skills.click();
    await skills.fill(skill.toLowerCase());
    await page.getByRole('option', { name: skill, exact: true }).click();
    // Each pick shows before the next is typed (a fast third pick was lost on a busy machine).
    await expect(page.getByRole('button', { name: `${skill} Remove`, exact: true })).toBeVisible();
  }
  await skills.press('Escape');
  for (const skill of ['Backend', 'Design', 'Testing']) {
    await expect(page.getByRole('button', { name: `${skill} Remove`, exact: true })).toBeVisible();
  }
  // The page reopens the newest earlier proposal, whose region has the same name: wait for the
  // new run to be the one shown before reading the proposal and the history.
  const runShown = () => new URL(page.url()).searchParams.get('run');
  const earlierShown = runShown();
  await page.getByRole('button', { name: 'Form teams', exact: true }).click();
  await expect.poll(runShown).not.toBe(earlierShown);

  const proposal = page.getByRole('region', { name: /Proposed: \d+ teams for 40 people/ });
  await expect(proposal).toBeVisible({ timeout: 30_000 });
  // The result replaced the progress: no "Forming teams…" left, in the page or as a toast.
  await expect(page.getByText('Forming teams…')).toHaveCount(0);
  const history = page.getByRole('table', { name: 'Earlier team formations' });
  await expect(history.getByRole('cell', { name: 'Proposed' })).toHaveCount(earlierRuns + 1);
  await expect(history.getByRole('cell', { name: 'Forming' })).toHaveCount(0);
  await expect(
    proposal.getByText('40 people finished the self-assessment, 40 listed skills'),
  ).toBeVisible();
  const metrics = proposal.getByRole('table', { name: 'Measures of the proposal' });
  await expect(metrics.locator('[data-metric="violations"] td').nth(1)).toHaveText('0');
  const rho = Number(await metrics.locator('[data-metric="rho"] td').nth(1).textContent());
  expect(rho).toBeLessThan(0.5);

  // A second run is its own proposal, and the page shows it: the newest entry of the history
  // is the one open. (Two seeds of a good search may land on the same split for 40 people, so
  // the teams themselves are not compared.)
  await page.getByRole('button', { name: 'Form teams', exact: true }).click();
  await expect(history.getByRole('cell', { name: 'Proposed' })).toHaveCount(earlierRuns + 2, {
    timeout: 30_000,
  });
  const openButtons = history.getByRole('button', { name: 'Open' });
  await expect(openButtons.nth(0)).toBeDisabled();
  await expect(openButtons.nth(1)).toBeEnabled();
  await expect(metrics.getByRole('columnheader', { name: 'With your swaps' })).toHaveCount(0);
  const first = proposal.getByRole('group', { name: 'Team 1', exact: true });
  const second = proposal.getByRole('group', { name: 'Team 2', exact: true });
  const a = first.getByRole('button').first();
  const b = second.getByRole('button').first();
  const nameA = (await a.getAttribute('aria-label'))!;
  const nameB = (await b.getAttribute('aria-label'))!;
  await a.click();
  await b.click();
  await expect(metrics.getByRole('columnheader', { name: 'With your swaps' })).toBeVisible();
  await expect(first.getByRole('button', { name: nameB, exact: true })).toBeVisible();
  await expect(second.getByRole('button', { name: nameA, exact: true })).toBeVisible();
  // Proposed and edited values side by side: the swap moved the balance.
  const rhoRow = metrics.locator('[data-metric="rho"] td');
  await expect(rhoRow.nth(1)).not.toHaveText((await rhoRow.nth(2).textContent())!);

  const teamCount = await proposal.getByRole('group').count();
  await proposal.getByRole('button', { name: `Confirm ${teamCount} teams` }).click();
  await expect(page).toHaveURL(new RegExp(`/workspaces/${workspaceId}/teams$`));
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();

  const stored = await page.request.get(`${url}/api/v2/core/workspaces/${workspaceId}/teams`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  const teams: { name: string; members: { name: string }[] }[] = (await stored.json()).resource
    .teams;
  expect(teams).toHaveLength(teamCount);
  expect(teams.flatMap((team) => team.members)).toHaveLength(40);
  const byName = new Map(teams.map((team) => [team.name, team.members.map((m) => m.name)]));
  expect(byName.get('Team 1')).toContain(nameB);
  expect(byName.get('Team 2')).toContain(nameA);
  for (const team of teams) {
    await expect(page.getByText(team.name, { exact: true }).first()).toBeVisible();
  }

  // The owner shares the workspace; anyone signed in finds it (41 members with the owner).
  await page.getByRole('button', { name: 'Share as a public workspace' }).click();
  await expect(page.getByRole('button', { name: 'Stop sharing publicly' })).toBeVisible();
  await page.goto(`${url}/team-generator`);
  const card = page.getByLabel('Intro to Design, class of 40');
  await expect(card.getByText(`41 members, ${teamCount} teams`)).toBeVisible();
});
