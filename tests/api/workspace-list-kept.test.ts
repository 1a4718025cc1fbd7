import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '@contracts/workspaces';
import { users, workspaceMembers, workspaces } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { call } from './tasks-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The workspace list is kept in memory while none of the caller's workspaces changes and they
// join or leave none (server/http/response-cache.ts): each of those must show on the next read.
describe('the workspace list kept between reads', () => {
  let made: Awaited<ReturnType<typeof createWorkspace>>;

  beforeAll(async () => {
    made = await createWorkspace(t, { members: { member: 1 } });
  });

  /** The list twice (the second is the kept one): both the same, as JSON. */
  const read = async (token: string) => {
    const first = await call(t, token).get('/workspaces');
    const again = await call(t, token).get('/workspaces');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    return again.json().resource.workspaces as Workspace[];
  };
  const names = async (token: string) => (await read(token)).map((w) => w.name).sort();

  it('shows a workspace renamed through the API', async () => {
    expect(await names(made.owner.token)).toEqual(['Test workspace']);
    const res = await call(t, made.owner.token).patch(`/workspaces/${made.workspace.id}`, {
      name: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(await names(made.owner.token)).toEqual(['Renamed']);
  });

  it('shows a workspace the caller creates, and one they are added to by hand', async () => {
    const [ann] = made.people.member;
    await read(ann.token);
    const created = await call(t, ann.token).post('/workspaces', {
      name: 'Ann made this',
      workspace_type: 'course',
    });
    expect(created.statusCode).toBe(201);
    expect(await names(ann.token)).toEqual(['Ann made this', 'Renamed']);
    const other = await createWorkspace(t, { values: { name: 'Added by hand' } });
    await t.db
      .insert(workspaceMembers)
      .values({ workspaceId: other.workspace.id, userId: ann.user.id, role: 'viewer' });
    expect(await names(ann.token)).toEqual(['Added by hand', 'Ann made this', 'Renamed']);
  });

  it("shows a new member in another's count, and drops a workspace the caller is removed from", async () => {
    const [ann] = made.people.member;
    const before = (await read(made.owner.token))[0].members_count;
    const ben = await t.createUser();
    await t.db
      .insert(workspaceMembers)
      .values({ workspaceId: made.workspace.id, userId: ben.user.id, role: 'member' });
    expect((await read(made.owner.token))[0].members_count).toBe(before + 1);
    const removed = await call(t, made.owner.token).delete(
      `/workspaces/${made.workspace.id}/users/${ann.user.id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(await names(ann.token)).not.toContain('Renamed');
  });

  it('shows a new role, and keeps each person their own list', async () => {
    const ben = await t.createUser();
    await t.db
      .insert(workspaceMembers)
      .values({ workspaceId: made.workspace.id, userId: ben.user.id, role: 'member' });
    expect((await read(ben.token))[0].role).toBe('member');
    expect((await read(made.owner.token))[0].role).toBe('owner');
    const res = await call(t, made.owner.token).put(
      `/workspaces/${made.workspace.id}/users/${ben.user.id}/change-role`,
      { role: 'admin' },
    );
    expect(res.statusCode).toBe(200);
    expect((await read(ben.token))[0].role).toBe('admin');
  });

  it('shows the new name of a creator who is no longer in the workspace', async () => {
    const creator = await t.createUser();
    const member = await t.createUser();
    const [workspace] = await t.db
      .insert(workspaces)
      .values({ name: 'Left behind', workspaceType: 'course', createdBy: creator.user.id })
      .returning();
    await t.db
      .insert(workspaceMembers)
      .values({ workspaceId: workspace.id, userId: member.user.id, role: 'owner' });
    expect((await read(member.token))[0].created_by?.id).toBe(creator.user.id);
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, creator.user.id));
    expect((await read(member.token))[0].created_by?.first_name).toBe('Renamed');
  });

  it('shows a change made through another process of the deployment', async () => {
    const other = await createTestApp({}, { sharedDatabase: t.database });
    try {
      await read(made.owner.token);
      const res = await call(other, made.owner.token).patch(`/workspaces/${made.workspace.id}`, {
        name: 'From the other process',
      });
      expect(res.statusCode).toBe(200);
      expect(await names(made.owner.token)).toEqual(['From the other process']);
    } finally {
      await other.close();
    }
  });

  it('shows a workspace archived by hand', async () => {
    await read(made.owner.token);
    await t.db
      .update(workspaces)
      .set({ status: 'archived' })
      .where(eq(workspaces.id, made.workspace.id));
    expect(await names(made.owner.token)).toEqual([]);
  });
});
