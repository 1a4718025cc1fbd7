import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, workspaceMembers, workspaces } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = '/api/v2/core';

async function list(token: string, status: string, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `${api}/workspaces?status=${status}${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return (response.json().resource.workspaces as { id: number; name: string }[]).map((w) => w.id);
}

describe('creating a workspace', () => {
  it('makes the creator its owner, opens it and returns their abilities', async () => {
    const person = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces`,
      headers: bearer(person.token),
      payload: {
        name: 'Algorithms 101',
        workspace_type: 'course',
        start_date: '2030-01-10',
        end_date: '2030-05-30',
        schema: { color: '#3366FF' },
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().resource;
    expect(created).toMatchObject({
      name: 'Algorithms 101',
      workspace_type: 'course',
      status: 'open',
      role: 'owner',
      members_count: 1,
      schema: { color: '#3366ff' },
      pricing_rule: { payment_type: 'free' },
      sections: ['dashboard', 'my-work', 'tasks', 'assessments', 'objectives', 'people', 'teams'],
    });
    expect(created.abilities).toMatchObject({
      delete_workspace: true,
      invite_members: true,
      // The only owner cannot leave, so is not offered to.
      leave_workspace: false,
    });
    expect(created.created_by).toMatchObject({ id: person.user.id, is_deleted: false });
    expect(created.created_by).not.toHaveProperty('password_hash');
    const [membership] = await t.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, created.id));
    expect(membership).toMatchObject({ userId: person.user.id, role: 'owner' });
    expect((await t.reloadUser(person.user.id)).lastActiveWorkspaceId).toBe(created.id);
  });

  it('refuses a workspace without a type with 422 and writes nothing', async () => {
    const person = await t.createUser();
    const before = await rowCounts(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces`,
      headers: bearer(person.token),
      payload: { name: 'No type' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('workspace_type');
    const unknownType = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces`,
      headers: bearer(person.token),
      payload: { name: 'Bad type', workspace_type: 'party' },
    });
    expect(unknownType.statusCode).toBe(422);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses an end date before the start date', async () => {
    const person = await t.createUser();
    const before = await rowCounts(t.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces`,
      headers: bearer(person.token),
      payload: {
        name: 'Backwards',
        workspace_type: 'general',
        start_date: '2030-05-01',
        end_date: '2030-04-01',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('end_date');
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('lists and their transitions (spec 4)', () => {
  it('sorts each list as asked, Date created descending by default', async () => {
    const owner = await t.createUser();
    const names = ['Beta', 'alpha', 'Gamma'];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      const { workspace } = await createWorkspace(t, {
        owner,
        values: { name, startDate: `2030-0${3 - i}-01`, createdAt: new Date(2024, 0, i + 1) },
      });
      ids.push(workspace.id);
    }
    expect(await list(owner.token, 'open')).toEqual([ids[2], ids[1], ids[0]]);
    expect(await list(owner.token, 'open', '&sort=name&direction=asc')).toEqual([
      ids[1],
      ids[0],
      ids[2],
    ]);
    expect(await list(owner.token, 'open', '&sort=start_date&direction=asc')).toEqual([
      ids[2],
      ids[1],
      ids[0],
    ]);
    expect(await list(owner.token, 'open', '&search=amm')).toEqual([ids[2]]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces?status=open&sort=colour`,
      headers: bearer(owner.token),
    });
    expect(bad.statusCode).toBe(422);
  });

  it('puts closed and past workspaces in previous, and moves them through archive, restore and delete', async () => {
    const owner = await t.createUser();
    const { workspace: current } = await createWorkspace(t, { owner });
    const { workspace: past } = await createWorkspace(t, {
      owner,
      values: { name: 'Past', endDate: '2001-01-01' },
    });
    expect(await list(owner.token, 'open')).toEqual([current.id]);
    expect(await list(owner.token, 'closed')).toEqual([past.id]);

    await t.db
      .update(users)
      .set({ lastActiveWorkspaceId: current.id })
      .where(eq(users.id, owner.user.id));
    for (const id of [current.id, past.id]) {
      const archived = await t.app.inject({
        method: 'POST',
        url: `${api}/workspaces/archive/${id}`,
        headers: bearer(owner.token),
      });
      expect(archived.statusCode).toBe(200);
      expect(archived.json().resource.status).toBe('archived');
    }
    expect(await list(owner.token, 'open')).toEqual([]);
    expect(await list(owner.token, 'closed')).toEqual([]);
    expect((await list(owner.token, 'archived')).sort()).toEqual([current.id, past.id].sort());
    expect((await t.reloadUser(owner.user.id)).lastActiveWorkspaceId).toBeNull();

    const again = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/archive/${current.id}`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(409);

    const restored = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/restore/${past.id}`,
      headers: bearer(owner.token),
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().resource.status).toBe('closed');
    expect(await list(owner.token, 'closed')).toEqual([past.id]);

    const deleteOpen = await t.app.inject({
      method: 'DELETE',
      url: `${api}/workspaces/${past.id}`,
      headers: bearer(owner.token),
    });
    expect(deleteOpen.statusCode).toBe(409);
    expect(await list(owner.token, 'closed')).toEqual([past.id]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${api}/workspaces/${current.id}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await list(owner.token, 'archived')).toEqual([]);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, current.id))).toEqual([]);
  });

  it('closes and reopens by hand, and an archived workspace is read-only', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `${api}/workspaces/${workspace.id}`,
      headers: bearer(owner.token),
      payload: { status: 'closed', name: 'Renamed' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().resource).toMatchObject({ status: 'closed', name: 'Renamed' });
    await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/archive/${workspace.id}`,
      headers: bearer(owner.token),
    });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `${api}/workspaces/${workspace.id}`,
      headers: bearer(owner.token),
      payload: { name: 'While archived' },
    });
    expect(edit.statusCode).toBe(409);
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, workspace.id));
    expect(row.name).toBe('Renamed');
  });

  it('leaving removes the workspace from the open list; the last owner cannot leave', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const member = people.member[0];
    expect(await list(member.token, 'open')).toEqual([workspace.id]);
    const left = await t.app.inject({
      method: 'DELETE',
      url: `${api}/workspaces/${workspace.id}/leave`,
      headers: bearer(member.token),
    });
    expect(left.statusCode).toBe(200);
    expect(await list(member.token, 'open')).toEqual([]);

    const ownerLeaves = await t.app.inject({
      method: 'DELETE',
      url: `${api}/workspaces/${workspace.id}/leave`,
      headers: bearer(owner.token),
    });
    expect(ownerLeaves.statusCode).toBe(409);
    expect(await list(owner.token, 'open')).toEqual([workspace.id]);

    const outsider = await t.app.inject({
      method: 'DELETE',
      url: `${api}/workspaces/${workspace.id}/leave`,
      headers: bearer(member.token),
    });
    expect(outsider.statusCode).toBe(404);
  });
});

describe('menus', () => {
  it('gives the last active workspace, else the first, else none', async () => {
    const person = await t.createUser();
    const menu = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${api}/workspaces/menu`,
          headers: bearer(person.token),
        })
      ).json().resource;
    expect(await menu()).toEqual({
      workspaces: [],
      last_active_workspace_id: null,
      active_workspace_id: null,
    });
    const { workspace: b } = await createWorkspace(t, { owner: person, values: { name: 'B' } });
    const { workspace: a } = await createWorkspace(t, { owner: person, values: { name: 'A' } });
    expect((await menu()).active_workspace_id).toBe(a.id);
    await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${b.id}`,
      headers: bearer(person.token),
    });
    const opened = await menu();
    expect(opened.last_active_workspace_id).toBe(b.id);
    expect(opened.active_workspace_id).toBe(b.id);
    expect(opened.workspaces.map((w: { id: number }) => w.id)).toEqual([a.id, b.id]);

    const core = await t.app.inject({
      method: 'GET',
      url: `${api}/menu`,
      headers: bearer(person.token),
    });
    expect(core.json().resource).toEqual({ new_messages_count: 0 });
  });
});
