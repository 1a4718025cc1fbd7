import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { revokeSession } from '@server/auth/access-token';
import { criteria, sessions, taskTags, workspaceMembers } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

/**
 * A `/workspaces/:id` route reads the caller's access in the session lookup
 * (server/core/workspace-access.ts, `workspaceNamedBy`): what it answers is what a query of its
 * own answered, and a change to the session or the membership counts at the very next request.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const taskList = (workspaceId: number | string, token: string, query = '') =>
  t.app.inject({
    url: `/api/v2/core/workspaces/${workspaceId}/tasks${query}`,
    headers: bearer(token),
  });

describe('workspace access read with the session', () => {
  it('refuses a revoked session at the next request', async () => {
    const { workspace, owner } = await createWorkspace(t);
    expect((await taskList(workspace.id, owner.token)).statusCode).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, owner.user.id));
    await revokeSession(t.db, session.id);
    expect((await taskList(workspace.id, owner.token)).statusCode).toBe(401);
  });

  it('follows a membership removed at the next request', async () => {
    const { workspace, people } = await createWorkspace(t, { members: { member: 1 } });
    const [member] = people.member;
    expect((await taskList(workspace.id, member.token)).statusCode).toBe(200);
    await t.db.delete(workspaceMembers).where(eq(workspaceMembers.userId, member.user.id));
    expect((await taskList(workspace.id, member.token)).statusCode).toBe(404);
  });

  it('answers 404 for a workspace that does not exist, supervisors too', async () => {
    const supervisor = await t.createUser({ role: 'supervisor' });
    expect((await taskList(2_000_000_000, supervisor.token)).statusCode).toBe(404);
    const { workspace } = await createWorkspace(t);
    expect((await taskList(workspace.id, supervisor.token)).statusCode).toBe(200);
  });

  it('leaves ids that are not ids to validation', async () => {
    const { owner } = await createWorkspace(t);
    for (const id of ['abc', '0', '-1', '2147483648', '1.5']) {
      expect((await taskList(id, owner.token)).statusCode, id).toBe(422);
    }
  });

  it('gives the counts of each status with an empty page', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const response = await taskList(workspace.id, owner.token, '?status=closed');
    expect(response.statusCode).toBe(200);
    expect(response.json().resource).toMatchObject({
      tasks: [],
      counts: { open: 0, closed: 0, archived: 0 },
    });
  });

  it('counts the tasks of a tag only, with the tag filter', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const ids: number[] = [];
    for (const name of ['Essay', 'Poster', 'Quiz']) {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/v2/core/workspaces/${workspace.id}/tasks-by-owner`,
        headers: bearer(owner.token),
        payload: { name, user_ids: [owner.user.id], reviewer_ids: [] },
      });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().resource.task.id as number);
    }
    const [tag] = await t.db
      .insert(criteria)
      .values({ workspaceId: workspace.id, type: 'task', name: 'Writing' })
      .returning();
    await t.db.insert(taskTags).values({ taskId: ids[0], tagId: tag.id });
    const all = (await taskList(workspace.id, owner.token)).json().resource;
    expect(all.counts).toEqual({ open: 3, closed: 0, archived: 0 });
    const tagged = (await taskList(workspace.id, owner.token, `?tag_id=${tag.id}`)).json().resource;
    expect(tagged.counts).toEqual({ open: 1, closed: 0, archived: 0 });
    expect(tagged.tasks.map((task: { id: number }) => task.id)).toEqual([ids[0]]);
  });
});
