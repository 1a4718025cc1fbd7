import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceDashboard } from '@contracts/dashboard';
import {
  assessmentEvaluables,
  assessments,
  taskAssignments,
  tasks,
  type WorkspaceRow,
} from '@server/db/schema';
import { weekStart } from '@server/modules/dashboard/operations/show-workspace-dashboard';
import { createWorkspace } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { call, createTeam } from './tasks-support';

/**
 * Dashboards (issue 34): the figures of a seeded workspace, counted by hand, match the API's;
 * nobody in a group under the anonymity threshold (3) can be singled out in any figure or the
 * CSV; every route refuses the wrong people and bad input with words, never a 500.
 */
let t: TestApp;
type Person = Awaited<ReturnType<TestApp['createUser']>>;
let workspace: WorkspaceRow;
let owner: Person;
let admin: Person;
let viewer: Person;
let outsider: Person;
let m: Person[];
let teamA: { id: number };
let teamB: { id: number };
const DAY = 86_400_000;
/** Two days ago at noon: a past due date well inside the 4-week period. */
const due = new Date(Date.now() - 2 * DAY);
/** Five weeks ago: only inside the 12-week period, and due for one person only. */
const lonelyDue = new Date(Date.now() - 35 * DAY);

async function addTask(name: string, expiredAt: Date, units: { userId: number; status: string }[]) {
  const [task] = await t.db
    .insert(tasks)
    .values({
      workspaceId: workspace.id,
      type: 'owner',
      name,
      expiredAt,
      createdBy: owner.user.id,
    })
    .returning();
  await t.db.insert(taskAssignments).values(
    units.map((u) => ({
      taskId: task.id,
      userId: u.userId,
      status: u.status as 'todo',
    })),
  );
  return task;
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'warn' });
  const made = await createWorkspace(t, { members: { admin: 1, member: 7, viewer: 1 } });
  workspace = made.workspace;
  owner = made.owner;
  admin = made.people.admin[0];
  viewer = made.people.viewer[0];
  m = made.people.member;
  outsider = await t.createUser();
  // Team A: m0..m3 (4 people); team B: m4, m5 (2, under the threshold); m6 has no team.
  teamA = await createTeam(
    t,
    workspace.id,
    'Alpha',
    [m[0], m[1], m[2], m[3]].map((p) => p.user.id),
  );
  teamB = await createTeam(
    t,
    workspace.id,
    'Beta',
    [m[4], m[5]].map((p) => p.user.id),
  );
  const statuses = ['submitted', 'closed', 'todo', 'todo', 'returned', 'todo', 'submitted'];
  await addTask(
    'Essay',
    due,
    m.map((p, i) => ({ userId: p.user.id, status: statuses[i] })),
  );
  await addTask('Lonely', lonelyDue, [{ userId: m[6].user.id, status: 'todo' }]);
  // A 360 with two raters only: its completion is never shown.
  const [small] = await t.db
    .insert(assessments)
    .values({
      workspaceId: workspace.id,
      name: 'Small 360',
      type: 'team',
      createdBy: owner.user.id,
    })
    .returning();
  await t.db.insert(assessmentEvaluables).values([
    {
      assessmentId: small.id,
      assessorId: m[4].user.id,
      evaluateeId: m[5].user.id,
      raterGroup: 'peer',
      status: 'submitted',
      submittedAt: due,
    },
    {
      assessmentId: small.id,
      assessorId: m[5].user.id,
      evaluateeId: m[4].user.id,
      raterGroup: 'peer',
    },
  ]);
  // A 360 with four raters (team A), three of whom answered.
  const [big] = await t.db
    .insert(assessments)
    .values({ workspaceId: workspace.id, name: 'Big 360', type: 'team', createdBy: owner.user.id })
    .returning();
  await t.db.insert(assessmentEvaluables).values(
    [0, 1, 2, 3].map((i) => ({
      assessmentId: big.id,
      assessorId: m[i].user.id,
      evaluateeId: m[(i + 1) % 4].user.id,
      raterGroup: 'peer' as const,
      status: i < 3 ? ('submitted' as const) : ('pending' as const),
      submittedAt: i < 3 ? due : null,
    })),
  );
});
afterAll(() => t.close());

async function figures(person: Person, query = ''): Promise<WorkspaceDashboard> {
  const response = await call(t, person.token).get(`/workspaces/${workspace.id}/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().resource;
}

/** Every number the CSV holds, as "section|figure|detail" → value ('' when hidden). */
async function csvOf(person: Person, query = '') {
  const response = await call(t, person.token).get(
    `/workspaces/${workspace.id}/dashboard/csv${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/text\/csv/);
  const rows = parse(response.body.replace(/^\uFEFF/, ''), { from_line: 2 }) as string[][];
  return rows;
}

describe('the workspace dashboard', () => {
  it('matches the figures counted by hand', async () => {
    const f = await figures(owner, '?period=4w');
    expect(f.people).toBe(7);
    expect(f.suppressed).toBe(false);
    // Essay: 7 units due; handed in: submitted, closed, returned, submitted = 4; reviewed:
    // closed, returned = 2.
    const week = f.tasks.weeks.find((w) => w.week === weekStart(due).toISOString().slice(0, 10));
    expect(week).toMatchObject({ due: 7, submitted: 4, reviewed: 2 });
    expect(week?.submission_rate).toBeCloseTo((4 / 7) * 100, 0);
    expect(week?.review_rate).toBe(50);
    expect(f.tasks).toMatchObject({ due: 7, submitted: 4, reviewed: 2, review_rate: 50 });
    // Overdue (not handed in, open task, due date past): m2, m3 (todo), m4 (returned), m5
    // (todo) on Essay and m6 on Lonely = 5 units of 5 people; the 2 without would be named
    // by the difference, so both parts are hidden.
    expect(f.overdue.units).toBe(5);
    expect(f.overdue.people_with).toBeNull();
    expect(f.overdue.people_without).toBeNull();
    // Alpha (4 people) has m2 and m3 overdue; Beta (2) and no team (1) are hidden together (3).
    expect(f.overdue.by_team).toEqual([
      { team_id: teamA.id, name: 'Alpha', people: 4, overdue: 2 },
      { team_id: teamB.id, name: 'Beta', people: 2, overdue: null },
      { team_id: null, name: null, people: 1, overdue: null },
    ]);
    // The small 360 (2 raters) is hidden; the big one is 3 of 4.
    const small = f.assessments.find((a) => a.name === 'Small 360');
    const big = f.assessments.find((a) => a.name === 'Big 360');
    expect(small).toMatchObject({ raters: null, answered: null, completion: null });
    expect(big).toMatchObject({ raters: 4, answers_due: 4, answered: 3, completion: 75 });
    expect(f.teams).toMatchObject({ teams: 2, people_in_teams: 6, people_without_team: 1 });
    // Team balance: Beta is under the threshold, so none of its measures shows.
    const beta = f.teams.by_team.find((team) => team.id === teamB.id);
    expect(beta).toMatchObject({
      size: 2,
      skills_coverage: null,
      common_hours: null,
      personality_gap: null,
    });
    // Nobody here set free hours or took the self-assessment, and no skill is asked for: the
    // measures read as no data (null, with the reason), never a perfect score (issue 28).
    expect(f.teams.no_data).toEqual({ personality: true, skills: true, availability: true });
    expect(f.teams.balance).toEqual({
      personality_spread: null,
      skills_mean: null,
      availability_mean: null,
    });
    const alpha = f.teams.by_team.find((team) => team.id === teamA.id);
    expect(alpha).toMatchObject({
      size: 4,
      skills_coverage: null,
      common_hours: null,
      personality_gap: null,
    });
  });

  it('shows a week only when enough people had work due in it, and totals add up only shown weeks', async () => {
    const f = await figures(owner, '?period=12w');
    const lonely = f.tasks.weeks.find(
      (w) => w.week === weekStart(lonelyDue).toISOString().slice(0, 10),
    );
    expect(lonely).toMatchObject({ due: null, submitted: null, submission_rate: null });
    const shown = f.tasks.weeks.filter((w) => w.due !== null);
    expect(f.tasks.due).toBe(shown.reduce((sum, w) => sum + (w.due ?? 0), 0));
    // So the 12-week and 4-week totals never differ by the lonely person's unit.
    expect(f.tasks.due).toBe((await figures(owner, '?period=4w')).tasks.due);
  });

  it('shows a team of enough people, with the rest of the workspace enough too', async () => {
    const f = await figures(admin, `?period=4w&team_id=${teamA.id}`);
    expect(f).toMatchObject({ people: 4, suppressed: false });
    expect(f.tasks).toMatchObject({ due: 4, submitted: 2, reviewed: 1 });
    expect(f.overdue.units).toBe(2);
    // Two of four with overdue work: both parts are under 3, so both are hidden.
    expect(f.overdue.people_with).toBeNull();
    expect(f.overdue.people_without).toBeNull();
  });

  it('shows nothing about a team under the threshold, in the figures or the CSV', async () => {
    const f = await figures(owner, `?team_id=${teamB.id}`);
    expect(f.suppressed).toBe(true);
    expect(f.people).toBe(2);
    const numbers = [
      ...f.tasks.weeks.flatMap((w) => [w.due, w.submitted, w.reviewed, w.submission_rate]),
      f.tasks.due,
      f.overdue.units,
      f.overdue.people_with,
      ...f.activity.map((w) => w.active),
    ];
    expect(numbers.every((n) => n === null)).toBe(true);
    expect(f.assessments).toEqual([]);
    const rows = await csvOf(owner, `?team_id=${teamB.id}`);
    // Only the head count is a number; every other value is empty and marked hidden.
    expect(rows.filter((row) => row[3] !== '').map((row) => row[3])).toEqual(['2']);
    expect(rows.at(-1)?.[4]).toMatch(/Too few people/);
  });

  it('never shows a team that leaves fewer than the threshold outside it', async () => {
    // Alpha grows to all but one member: the workspace minus Alpha would be one person.
    const second = await createWorkspace(t, { owner, members: { member: 4 } });
    const team = await createTeam(
      t,
      second.workspace.id,
      'Most',
      second.people.member.slice(0, 3).map((p) => p.user.id),
    );
    const response = await call(t, owner.token).get(
      `/workspaces/${second.workspace.id}/dashboard?team_id=${team.id}`,
    );
    expect(response.json().resource.suppressed).toBe(true);
  });

  it('CSV holds the same figures as the API', async () => {
    const f = await figures(owner, '?period=4w');
    const rows = await csvOf(owner, '?period=4w');
    const value = (section: string, figure: string, detail = '') =>
      rows.find((r) => r[0] === section && r[1] === figure && r[2] === detail)?.[3];
    expect(value('Overdue work', 'Overdue units')).toBe(String(f.overdue.units));
    expect(value('Overdue work', 'Overdue units by team', 'Alpha')).toBe('2');
    expect(value('Overdue work', 'Overdue units by team', 'Beta')).toBe('');
    expect(value('Assessments', 'Completion (%)', 'Small 360')).toBe('');
    expect(value('Assessments', 'Completion (%)', 'Big 360')).toBe('75');
  });

  it('words the CSV in the caller’s language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/core/workspaces/${workspace.id}/dashboard/csv`,
      headers: { authorization: `Bearer ${owner.token}`, language: 'vi' },
    });
    expect(response.body).toContain('Việc quá hạn');
  });

  it('refuses members, viewers, outsiders and the signed-out', async () => {
    for (const path of ['', '/csv']) {
      const url = `/workspaces/${workspace.id}/dashboard${path}`;
      expect((await call(t, m[0].token).get(url)).statusCode).toBe(403);
      expect((await call(t, viewer.token).get(url)).statusCode).toBe(403);
      expect((await call(t, outsider.token).get(url)).statusCode).toBe(404);
      expect((await call(t, null).get(url)).statusCode).toBe(401);
    }
  });

  it('refuses a bad period and a bad or foreign team with words', async () => {
    for (const path of ['', '/csv']) {
      const base = `/workspaces/${workspace.id}/dashboard${path}`;
      const badPeriod = await call(t, owner.token).get(`${base}?period=5y`);
      expect(badPeriod.statusCode).toBe(422);
      expect(badPeriod.json().messages.length).toBeGreaterThan(0);
      expect((await call(t, owner.token).get(`${base}?team_id=abc`)).statusCode).toBe(422);
      expect((await call(t, owner.token).get(`${base}?whatever=1`)).statusCode).toBe(422);
      const other = await createWorkspace(t);
      const foreign = await createTeam(t, other.workspace.id, 'Elsewhere', []);
      const refused = await call(t, owner.token).get(`${base}?team_id=${foreign.id}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().messages).toContain('No such team in this workspace.');
    }
    expect((await call(t, owner.token).get('/workspaces/abc/dashboard')).statusCode).toBe(422);
  });
});

describe("a person's dashboard", () => {
  it('lists what is due, overdue first, with links, and the counts of each workspace', async () => {
    const response = await call(t, m[6].token).get('/dashboard');
    expect(response.statusCode, response.body).toBe(200);
    const d = response.json().resource;
    // m6: Lonely (5 weeks overdue, todo) then Essay (submitted: nothing to hand in).
    expect(d.due[0]).toMatchObject({ name: 'Lonely', is_overdue: true, kind: 'hand_in' });
    expect(d.due[0].link).toMatch(new RegExp(`^/workspaces/${workspace.id}/tasks/\\d+`));
    expect(d.my_work).toEqual([
      expect.objectContaining({ workspace_id: workspace.id, overdue: 1 }),
    ]);
    expect(d).toMatchObject({ unread_messages: 0, unread_notifications: 0 });
    expect(Array.isArray(d.objectives)).toBe(true);
  });

  it('lists the 360s a person is asked to answer', async () => {
    const d = (await call(t, m[3].token).get('/dashboard')).json().resource;
    expect(d.assessments.map((a: { name: string }) => a.name)).toContain('Big 360');
  });

  it('is refused to the signed-out, and takes no input', async () => {
    expect((await call(t, null).get('/dashboard')).statusCode).toBe(401);
  });
});

describe('categories', () => {
  it('lists the categories of a type, named in the caller’s language', async () => {
    const response = await call(t, m[0].token).get('/categories?type=skill');
    expect(response.statusCode, response.body).toBe(200);
    const { categories } = response.json().resource;
    expect(categories.find((c: { id: string }) => c.id === 'web_mobile')).toMatchObject({
      name: 'Web and mobile',
    });
    expect(
      categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0),
    ).toBeGreaterThan(0);
    const vi = await t.app.inject({
      method: 'GET',
      url: '/api/v2/core/categories?type=workspace',
      headers: { authorization: `Bearer ${m[0].token}`, language: 'vi' },
    });
    expect(vi.json().resource.categories.map((c: { name: string }) => c.name)).toContain(
      'Khóa học',
    );
  });

  it('refuses a missing or unknown type, and the signed-out', async () => {
    expect((await call(t, m[0].token).get('/categories')).statusCode).toBe(422);
    const bad = await call(t, m[0].token).get('/categories?type=planet');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().messages.length).toBeGreaterThan(0);
    expect((await call(t, null).get('/categories?type=skill')).statusCode).toBe(401);
  });
});
