import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Task } from '@contracts/tasks';
import { tasks } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

// The task list keeps each page in memory while its workspace's change count stays the same
// (server/http/response-cache.ts): whatever changes what the page shows must show on the very
// next read, by whoever or whatever made the change.
describe('the task list kept between reads', () => {
  let made: Awaited<ReturnType<typeof createWorkspace>>;
  let url: string;
  let taskId: number;

  beforeAll(async () => {
    made = await createWorkspace(t, { members: { member: 2 } });
    url = `/workspaces/${made.workspace.id}/tasks`;
    const [ann] = made.people.member;
    const res = await call(t, made.owner.token).post(
      `/workspaces/${made.workspace.id}/tasks-by-owner`,
      { name: 'Essay', user_ids: [ann.user.id] },
    );
    expect(res.statusCode).toBe(201);
    taskId = res.json().resource.task.id;
  });

  /** The page twice (the second is the kept one): both the same, as JSON. */
  const read = async (token: string) => {
    const first = await call(t, token).get(url);
    const again = await call(t, token).get(url);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    return again.json().resource.tasks as Task[];
  };

  it('shows a task renamed through the API on the next read', async () => {
    expect((await read(made.owner.token)).map((x) => x.name)).toEqual(['Essay']);
    const renamed = await call(t, made.owner.token).put(`/tasks/${taskId}`, { name: 'Essay 2' });
    expect(renamed.statusCode).toBe(200);
    expect((await read(made.owner.token)).map((x) => x.name)).toEqual(['Essay 2']);
  });

  it("shows an assignee's new name, changed on their own profile", async () => {
    const [ann] = made.people.member;
    await read(made.owner.token);
    const res = await call(t, ann.token).patch('/user', { first_name: 'Annabel' });
    expect(res.statusCode).toBe(200);
    const [task] = await read(made.owner.token);
    expect(task.users.map((u) => u.first_name)).toEqual(['Annabel']);
  });

  it('keeps each person their own page: an owner, an assignee and another member', async () => {
    const [ann, ben] = made.people.member;
    const [asOwner] = await read(made.owner.token);
    const [asAnn] = await read(ann.token);
    const [asBen] = await read(ben.token);
    expect(asOwner.permissions).not.toEqual(asBen.permissions);
    expect(asAnn.my_assignment_id).not.toBeNull();
    expect(asBen.my_assignment_id).toBeNull();
    expect(asOwner.submitted_percentage).toBeGreaterThanOrEqual(0);
    expect(asBen.submitted_percentage).toBe(-1);
  });

  it('shows a new role on the next read', async () => {
    const [, ben] = made.people.member;
    const [before] = await read(ben.token);
    expect(before.submitted_percentage).toBe(-1);
    const res = await call(t, made.owner.token).put(
      `/workspaces/${made.workspace.id}/users/${ben.user.id}/change-role`,
      { role: 'admin' },
    );
    expect(res.statusCode).toBe(200);
    const [after] = await read(ben.token);
    expect(after.submitted_percentage).toBeGreaterThanOrEqual(0);
  });

  it('shows a change written outside the app (another process, a script) on the next read', async () => {
    await read(made.owner.token);
    await t.db.update(tasks).set({ name: 'Written by hand' }).where(eq(tasks.id, taskId));
    expect((await read(made.owner.token)).map((x) => x.name)).toEqual(['Written by hand']);
  });

  it('shows a change made through another process of the deployment on the next read', async () => {
    const other = await createTestApp({}, { sharedDatabase: t.database });
    try {
      await read(made.owner.token);
      const res = await call(other, made.owner.token).put(`/tasks/${taskId}`, {
        name: 'From the other process',
      });
      expect(res.statusCode).toBe(200);
      expect((await read(made.owner.token)).map((x) => x.name)).toEqual(['From the other process']);
    } finally {
      await other.close();
    }
  });

  it('turns a task overdue when its deadline passes, though nothing changed', async () => {
    const deadline = new Date(Date.now() + 60 * 60_000);
    const set = await call(t, made.owner.token).put(`/tasks/${taskId}`, {
      expired_at: deadline.toISOString(),
    });
    expect(set.statusCode).toBe(200);
    expect((await read(made.owner.token))[0].is_overdue).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'], now: deadline.getTime() + 1000 });
    expect((await read(made.owner.token))[0].is_overdue).toBe(true);
  });
});
