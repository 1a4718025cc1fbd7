import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@contracts/tasks';
import { createWorkspace } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the task list, a page at a time', () => {
  let made: Awaited<ReturnType<typeof createWorkspace>>;
  let url: string;
  const names = ['Essay', 'atlas', 'Poster', 'Lab report', 'Quiz'];

  beforeAll(async () => {
    made = await createWorkspace(t, { members: { member: 2 } });
    url = `/workspaces/${made.workspace.id}/tasks`;
    const [ann] = made.people.member;
    for (const name of names) {
      const res = await call(t, made.owner.token).post(
        `/workspaces/${made.workspace.id}/tasks-by-owner`,
        { name, user_ids: [ann.user.id] },
      );
      expect(res.statusCode).toBe(201);
    }
  });

  const page = async (token: string, query: string) => {
    const res = await call(t, token).get(`${url}?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().resource as { tasks: Task[]; meta: object; counts: object };
  };

  it('continues page 1 on page 2, in the order asked, with the total', async () => {
    const pages = [];
    for (const n of [1, 2, 3, 4]) {
      pages.push(await page(made.owner.token, `sort=name&direction=asc&per_page=2&page=${n}`));
    }
    expect(pages.map((p) => p.tasks.map((x) => x.name))).toEqual([
      ['atlas', 'Essay'],
      ['Lab report', 'Poster'],
      ['Quiz'],
      [],
    ]);
    expect(pages.map((p) => p.meta)).toEqual(
      [1, 2, 3, 4].map((n) => ({ page: n, per_page: 2, total: 5 })),
    );
    // The counts ride on one row of a page (its first), or are read alone for an empty page.
    for (const { counts } of pages) expect(counts).toEqual({ open: 5, closed: 0, archived: 0 });
    const newest = await page(made.owner.token, 'per_page=3');
    expect(newest.tasks.map((x) => x.name)).toEqual(['Quiz', 'Lab report', 'Poster']);
    const whole = await page(made.owner.token, '');
    expect(whole.meta).toEqual({ page: 1, per_page: 100, total: 5 });
  });

  it('refuses a page or page size out of range with 422', async () => {
    for (const query of ['page=0', 'page=abc', 'per_page=0', 'per_page=101', 'page=-1']) {
      const res = await call(t, made.owner.token).get(`${url}?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('shows a member without work on a task neither others’ work nor the percentage', async () => {
    const [ann, ben] = made.people.member;
    const asBen = await page(ben.token, 'per_page=2&sort=submitted_percentage');
    expect(asBen.meta).toEqual({ page: 1, per_page: 2, total: 5 });
    for (const task of asBen.tasks) {
      expect(task.assignments).toEqual([]);
      expect(task.submitted_percentage).toBe(-1);
    }
    const asAnn = await page(ann.token, 'per_page=5');
    expect(asAnn.tasks.every((x) => x.assignments.length === 1)).toBe(true);
    const outsider = await t.createUser();
    const res = await call(t, outsider.token).get(`${url}?page=2`);
    expect(res.statusCode).toBe(404);
  });

  it('sorts by the percentage handed in, as each task reports it', async () => {
    const [ann, ben] = made.people.member;
    const owner = made.owner;
    const pair = await call(t, owner.token).post(
      `/workspaces/${made.workspace.id}/tasks-by-owner`,
      {
        name: 'Pair work',
        user_ids: [ann.user.id, ben.user.id],
        reviewer_ids: [],
      },
    );
    expect(pair.statusCode).toBe(201);
    const pairId = pair.json().resource.task.id;
    expect(
      (await call(t, ben.token).post(`/tasks/${pairId}/close-by-assignee`, {})).statusCode,
    ).toBe(200);
    const solo = await call(t, owner.token).post(
      `/workspaces/${made.workspace.id}/tasks-by-owner`,
      {
        name: 'Solo',
        user_ids: [ann.user.id],
        reviewer_ids: [],
      },
    );
    const soloId = solo.json().resource.task.id;
    expect(
      (await call(t, ann.token).post(`/tasks/${soloId}/close-by-assignee`, {})).statusCode,
    ).toBe(200);

    const down = await page(owner.token, 'sort=submitted_percentage&direction=desc');
    expect(down.tasks.map((x) => [x.name, x.submitted_percentage])).toEqual([
      ['Solo', 100],
      ['Pair work', 50],
      ['Quiz', 0],
      ['Lab report', 0],
      ['Poster', 0],
      ['atlas', 0],
      ['Essay', 0],
    ]);
    const up = await page(owner.token, 'sort=submitted_percentage&direction=asc&per_page=3&page=3');
    expect(up.tasks.map((x) => x.name)).toEqual(['Solo']);
  });
});

describe('the workspace list, a page at a time', () => {
  it("pages in the order asked, with each workspace's seats and creator", async () => {
    const first = await createWorkspace(t, { members: { member: 2 } });
    const { owner } = first;
    for (const name of ['Biology', 'chemistry']) {
      const res = await call(t, owner.token).post('/workspaces', {
        name,
        workspace_type: 'course',
      });
      expect(res.statusCode).toBe(201);
    }
    const pages = [];
    for (const n of [1, 2, 3, 4]) {
      const res = await call(t, owner.token).get(
        `/workspaces?sort=name&direction=asc&per_page=1&page=${n}`,
      );
      expect(res.statusCode).toBe(200);
      pages.push(res.json().resource);
    }
    const names = pages.map((p) => p.workspaces.map((w: { name: string }) => w.name));
    expect(names).toEqual([['Biology'], ['chemistry'], ['Test workspace'], []]);
    expect(pages.map((p) => p.meta.total)).toEqual([3, 3, 3, 3]);
    const listed = pages[2].workspaces[0];
    expect(listed.id).toBe(first.workspace.id);
    expect(listed.members_count).toBe(3);
    expect(listed.created_by.id).toBe(owner.user.id);
    expect(pages[0].workspaces[0].members_count).toBe(1);
    const bad = await call(t, owner.token).get('/workspaces?per_page=500');
    expect(bad.statusCode).toBe(422);
  });
});
