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
let workspaceId: number;

test.beforeAll(async () => {
  server = spawn('node', ['--import', 'tsx', 'tests/e2e/team-formation-app.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server.stdout! }).once('line', resolve);
    server.once('exit', (code) => reject(new Error(`the app stopped with code ${code}`)));
  });
  ({ url, token: ownerToken, workspaceId } = JSON.parse(firstLine));
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('an owner forms balanced teams for a class of 40, swaps two people and confirms', async ({
  page,
}) => {
  await page.context().addCookies([
    { name: 'access_token', value: ownerToken, url },
    { name: 'i18n_redirected', value: 'en', url },
  ]);
  await page.goto(`${url}/workspaces/${workspaceId}/team-formation`);
  await expect(page.getByRole('heading', { name: 'Team formation', level: 1 })).toBeVisible();
  await page.getByLabel('Skills every team should have').fill('backend, design, testing');
  await page.getByRole('button', { name: 'Form teams', exact: true }).click();

  const proposal = page.getByRole('region', { name: /Proposed: \d+ teams for 40 people/ });
  await expect(proposal).toBeVisible({ timeout: 30_000 });
  await expect(
    proposal.getByText('40 people finished the self-assessment, 40 listed skills'),
  ).toBeVisible();
  const metrics = proposal.getByRole('table', { name: 'Measures of the proposal' });
  await expect(metrics.locator('[data-metric="violations"] td').nth(1)).toHaveText('0');
  const rho = Number(await metrics.locator('[data-metric="rho"] td').nth(1).textContent());
  expect(rho).toBeLessThan(0.5);

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
