import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules, tasks, workspaceQuestions } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { rowCounts } from '../support/row-counts';
import { bearer, createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = '/api/v2/core';

describe('generalized workspaces in three steps', () => {
  it('saves each step, resumes by id and creates the workspace with its plan and schedule', async () => {
    const person = await t.createUser();
    const auth = bearer(person.token);
    const start = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/generalized`,
      headers: auth,
      payload: { name: 'Makers club', start_date: '2030-01-01', end_date: '2030-12-31' },
    });
    expect(start.statusCode).toBe(201);
    const draftId = start.json().resource.id;
    expect(start.json().resource).toMatchObject({ step: 'basic-information', plan: null });

    const plan = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/generalized/${draftId}/plan`,
      headers: auth,
      payload: {
        sections: ['dashboard', 'tasks', 'people'],
        member_access: { invite_members: true },
        questions: [{ text: 'What do you want to build?' }],
      },
    });
    expect(plan.statusCode).toBe(200);
    expect(plan.json().resource.step).toBe('plan');

    // Someone else cannot see or use the draft.
    const stranger = await t.createUser();
    const peek = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/generalized/${draftId}`,
      headers: bearer(stranger.token),
    });
    expect(peek.statusCode).toBe(404);

    const resumed = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/generalized`,
      headers: auth,
    });
    expect(resumed.json().resource.drafts.map((d: { id: number }) => d.id)).toEqual([draftId]);

    const schedule = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/generalized/${draftId}/schedule`,
      headers: auth,
      payload: {
        schedule: {
          name: 'Weekly meet-up',
          starts_on: '2030-01-07',
          ends_on: '2030-06-30',
          sessions: [{ weekday: 1, start_time: '18:00', end_time: '20:00' }],
        },
      },
    });
    expect(schedule.statusCode).toBe(200);
    expect(schedule.json().resource.step).toBe('schedule');

    const complete = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/generalized/${draftId}/complete`,
      headers: auth,
    });
    expect(complete.statusCode).toBe(201);
    const workspace = complete.json().resource;
    expect(workspace).toMatchObject({
      name: 'Makers club',
      workspace_type: 'generalized',
      role: 'owner',
      sections: ['dashboard', 'tasks', 'people'],
      member_access: { invite_members: true },
    });
    const questions = await t.db
      .select()
      .from(workspaceQuestions)
      .where(eq(workspaceQuestions.workspaceId, workspace.id));
    expect(questions.map((q) => [q.type, q.text])).toEqual([
      ['onboarding', 'What do you want to build?'],
    ]);
    const saved = await t.db
      .select()
      .from(schedules)
      .where(eq(schedules.workspaceId, workspace.id));
    expect(saved.map((s) => s.name)).toEqual(['Weekly meet-up']);
    const gone = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/generalized/${draftId}`,
      headers: auth,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses to complete before the plan is saved, and bad steps with 422', async () => {
    const person = await t.createUser();
    const auth = bearer(person.token);
    const start = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/generalized`,
      headers: auth,
      payload: { name: 'Half done' },
    });
    const draftId = start.json().resource.id;
    const before = await rowCounts(t.db);
    const attempts = [
      { method: 'POST' as const, url: `${api}/workspaces/generalized/${draftId}/complete` },
      { method: 'POST' as const, url: `${api}/workspaces/generalized`, payload: { name: '' } },
      {
        method: 'PUT' as const,
        url: `${api}/workspaces/generalized/${draftId}/plan`,
        payload: { sections: [] },
      },
      {
        method: 'PUT' as const,
        url: `${api}/workspaces/generalized/${draftId}/plan`,
        payload: { sections: ['kitchen'] },
      },
      {
        method: 'PUT' as const,
        url: `${api}/workspaces/generalized/${draftId}/schedule`,
        payload: { schedule: { name: 'x', starts_on: '2030-02-01', ends_on: '2030-01-01' } },
      },
      {
        method: 'PUT' as const,
        url: `${api}/workspaces/generalized/${draftId}/basic-information`,
        payload: { name: 'x', start_date: '2030-02-01', end_date: '2030-01-01' },
      },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: auth });
      expect(response.statusCode, attempt.url).toBe(422);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('schedules', () => {
  it('moves a schedule to the archive and back, and lists by status', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const auth = bearer(owner.token);
    const created = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/schedules`,
      headers: auth,
      payload: { name: 'Lectures', starts_on: '2030-01-01', ends_on: '2030-03-01' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().resource.id;
    const current = async (status: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${api}/schedules?workspace_id=${workspace.id}&status=${status}`,
          headers: auth,
        })
      )
        .json()
        .resource.schedules.map((s: { id: number }) => s.id);
    expect(await current('current')).toEqual([id]);
    const archived = await t.app.inject({
      method: 'PATCH',
      url: `${api}/schedules/${id}/archive`,
      headers: auth,
    });
    expect(archived.json().resource.is_archived).toBe(true);
    expect(await current('current')).toEqual([]);
    expect(await current('archived')).toEqual([id]);
    const twice = await t.app.inject({
      method: 'PATCH',
      url: `${api}/schedules/${id}/archive`,
      headers: auth,
    });
    expect(twice.statusCode).toBe(409);
    await t.app.inject({
      method: 'PATCH',
      url: `${api}/schedules/${id}/restore-archive`,
      headers: auth,
    });
    expect(await current('current')).toEqual([id]);

    const before = await rowCounts(t.db);
    for (const payload of [
      {
        name: 'Bad times',
        starts_on: '2030-01-01',
        ends_on: '2030-02-01',
        sessions: [{ weekday: 9, start_time: '10:00', end_time: '11:00' }],
      },
      { name: 'Backwards', starts_on: '2030-02-01', ends_on: '2030-01-01' },
      {
        name: 'Late',
        starts_on: '2030-01-01',
        ends_on: '2030-02-01',
        sessions: [{ weekday: 1, start_time: '12:00', end_time: '11:00' }],
      },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${api}/workspaces/${workspace.id}/schedules`,
        headers: auth,
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
    const deleteUnknown = await t.app.inject({
      method: 'DELETE',
      url: `${api}/schedules`,
      headers: auth,
      payload: { ids: [id, 999_999] },
    });
    expect(deleteUnknown.statusCode).toBe(404);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('criteria and name banks', () => {
  it('keeps criteria with options, unique by name, and name banks without duplicates', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const auth = bearer(owner.token);
    const created = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/criterias`,
      headers: auth,
      payload: {
        type: 'task',
        name: 'Quality',
        color: '#AA0000',
        options: [{ name: 'Poor' }, { name: 'Good' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const criterion = created.json().resource;
    expect(criterion.options.map((o: { name: string }) => o.name)).toEqual(['Poor', 'Good']);
    expect(criterion.color).toBe('#aa0000');

    const more = await t.app.inject({
      method: 'POST',
      url: `${api}/criterias/${criterion.id}/options`,
      headers: auth,
      payload: { options: [{ name: 'Excellent' }] },
    });
    expect(more.json().resource.options.map((o: { name: string }) => o.name)).toEqual([
      'Poor',
      'Good',
      'Excellent',
    ]);
    const before = await rowCounts(t.db);
    const same = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/criterias`,
      headers: auth,
      payload: { type: 'task', name: 'quality' },
    });
    expect(same.statusCode).toBe(409);
    const sameOption = await t.app.inject({
      method: 'POST',
      url: `${api}/criterias/${criterion.id}/options`,
      headers: auth,
      payload: { options: [{ name: 'GOOD' }] },
    });
    expect(sameOption.statusCode).toBe(409);
    for (const payload of [
      { type: 'person', name: 'x' },
      { type: 'task', name: '' },
      { type: 'task', name: 'x', color: 'red' },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `${api}/workspaces/${workspace.id}/criterias`,
        headers: auth,
        payload,
      });
      expect(bad.statusCode).toBe(422);
    }
    expect(await rowCounts(t.db)).toEqual(before);

    const filtered = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/criterias?type=objective`,
      headers: auth,
    });
    expect(filtered.json().resource.criterias).toEqual([]);

    const names = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/bank_names`,
      headers: auth,
      payload: { type: 'team', names: ['Falcons', 'Owls', 'falcons'] },
    });
    expect(names.statusCode).toBe(200);
    expect(names.json().resource.bank_names.map((n: { name: string }) => n.name)).toEqual([
      'Falcons',
      'Owls',
    ]);
    const badBank = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/bank_names?type=fish`,
      headers: auth,
    });
    expect(badBank.statusCode).toBe(422);
  });
});

describe('pins, questions and board views', () => {
  it('keeps a general list and a personal list, pointing only at tasks of the workspace', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const [task] = await t.db
      .insert(tasks)
      .values({ workspaceId: workspace.id, type: 'owner', name: 'Essay', createdBy: owner.user.id })
      .returning();
    const general = await t.app.inject({
      method: 'POST',
      url: `${api}/pins`,
      headers: bearer(owner.token),
      payload: {
        workspace_id: workspace.id,
        list: 'general',
        pins: [
          { reference_type: 'task', reference_id: task.id },
          { reference_type: 'other', title: 'Syllabus', url: 'https://example.com/s' },
        ],
      },
    });
    expect(general.statusCode).toBe(200);
    const member = bearer(people.member[0].token);
    await t.app.inject({
      method: 'POST',
      url: `${api}/pins`,
      headers: member,
      payload: {
        workspace_id: workspace.id,
        list: 'personal',
        pins: [{ reference_type: 'task', reference_id: task.id }],
      },
    });
    const seen = await t.app.inject({
      method: 'GET',
      url: `${api}/pins?workspace_id=${workspace.id}`,
      headers: member,
    });
    expect(seen.json().resource).toMatchObject({
      is_owner: false,
      pins: {
        general: [
          { reference_type: 'task', reference_id: task.id, position: 0 },
          { reference_type: 'other', title: 'Syllabus', position: 1 },
        ],
        personal: [{ reference_type: 'task', reference_id: task.id }],
      },
    });
    const ownersView = await t.app.inject({
      method: 'GET',
      url: `${api}/pins?workspace_id=${workspace.id}`,
      headers: bearer(owner.token),
    });
    expect(ownersView.json().resource.is_owner).toBe(true);
    expect(ownersView.json().resource.pins.personal).toEqual([]);

    const before = await rowCounts(t.db);
    for (const pin of [
      { reference_type: 'objective', reference_id: 1 },
      { reference_type: 'other', title: 'Sneaky', url: 'javascript:alert(1)' },
      { reference_type: 'task' },
    ]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `${api}/pins`,
        headers: bearer(owner.token),
        payload: { workspace_id: workspace.id, list: 'general', pins: [pin] },
      });
      expect(bad.statusCode).toBe(422);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('replaces the questions of a type and keeps board views per person', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const auth = bearer(owner.token);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/questions`,
      headers: auth,
      payload: {
        type: 'check_in',
        questions: [{ text: 'How confident are you?', options: ['Low', 'High'] }],
      },
    });
    expect(saved.json().resource.questions).toEqual([
      expect.objectContaining({ text: 'How confident are you?', options: ['Low', 'High'] }),
    ]);
    const badType = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/questions?type=quiz`,
      headers: auth,
    });
    expect(badType.statusCode).toBe(422);

    const view = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/board_views`,
      headers: auth,
      payload: { name: 'By status', config: { group_by: 'status' } },
    });
    expect(view.statusCode).toBe(201);
    const membersViews = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/board_views`,
      headers: bearer(people.member[0].token),
    });
    expect(membersViews.json().resource.board_views).toEqual([]);
    const before = await rowCounts(t.db);
    const noName = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/board_views`,
      headers: auth,
      payload: { name: ' ' },
    });
    expect(noName.statusCode).toBe(422);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('members and roles', () => {
  it('lists members by role, changes roles within the rules and removes members', async () => {
    const { workspace, owner, people } = await createWorkspace(t, {
      members: { admin: 1, member: 2 },
    });
    const auth = bearer(owner.token);
    const admin = bearer(people.admin[0].token);
    const listed = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/users`,
      headers: auth,
    });
    expect(listed.json().resource.users.map((u: { role: string }) => u.role)).toEqual([
      'owner',
      'admin',
      'member',
      'member',
    ]);

    const [first, second] = people.member;
    const promote = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/users/${first.user.id}/change-role`,
      headers: admin,
      payload: { role: 'viewer' },
    });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().resource).toMatchObject({ id: first.user.id, role: 'viewer' });

    const before = await rowCounts(t.db);
    const adminMakesOwner = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/users/${second.user.id}/change-role`,
      headers: admin,
      payload: { role: 'owner' },
    });
    expect(adminMakesOwner.statusCode).toBe(403);
    const ownRole = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/users/${people.admin[0].user.id}/change-role`,
      headers: admin,
      payload: { role: 'owner' },
    });
    expect(ownRole.statusCode).toBe(409);
    const badRole = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/users/${second.user.id}/change-role`,
      headers: auth,
      payload: { role: 'king' },
    });
    expect(badRole.statusCode).toBe(422);
    const removeOwner = await t.app.inject({
      method: 'DELETE',
      url: `${api}/workspaces/${workspace.id}/users/${owner.user.id}`,
      headers: admin,
    });
    expect(removeOwner.statusCode).toBe(403);
    expect(await rowCounts(t.db)).toEqual(before);

    const handOver = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/users/${second.user.id}/change-role`,
      headers: auth,
      payload: { role: 'owner' },
    });
    expect(handOver.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${api}/workspaces/${workspace.id}/users/${first.user.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}`,
      headers: bearer(first.token),
    });
    expect(after.statusCode).toBe(404);
  });

  it('reports profile completion and mails reminders to incomplete profiles', async () => {
    const { workspace, owner, people } = await createWorkspace(t, {
      members: { member: 1, deactive: 1 },
    });
    const report = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/users/profile-completion`,
      headers: bearer(owner.token),
    });
    expect(report.statusCode).toBe(200);
    for (const user of report.json().resource.users) {
      expect(user.profile_completion_percent).toBeGreaterThanOrEqual(0);
      expect(user.profile_completion_percent).toBeLessThan(100);
    }
    const remind = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/users/invite-complete-profile`,
      headers: bearer(owner.token),
      payload: {},
    });
    // The member only: not the sender, not the deactivated member.
    expect(remind.json().resource).toEqual({ reminded: 1 });
    const mail = await t.smtp.waitFor(people.member[0].user.email);
    expect(mail.text).toMatch(/\/profile/);
    const bad = await t.app.inject({
      method: 'POST',
      url: `${api}/workspaces/${workspace.id}/users/invite-complete-profile`,
      headers: bearer(owner.token),
      payload: { user_ids: ['everyone'] },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('gives performance figures on a paid plan', async () => {
    const { workspace, owner, people } = await createWorkspace(t, {
      members: { admin: 1, member: 1 },
      values: { paymentType: 'premium' },
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/performance-users`,
      headers: bearer(people.admin[0].token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().resource.users).toHaveLength(3);
    expect(response.json().resource.users[0].tasks).toEqual({
      assigned: 0,
      submitted: 0,
      completed: 0,
      overdue: 0,
    });
    const payment = await t.app.inject({
      method: 'PATCH',
      url: `${api}/workspaces/${workspace.id}/payment`,
      headers: bearer(owner.token),
      payload: { payment_type: 'gold' },
    });
    expect(payment.statusCode).toBe(422);
  });
});

describe('team formation strategy', () => {
  it('is one of the strategies, or none', async () => {
    const { workspace, owner } = await createWorkspace(t);
    const auth = bearer(owner.token);
    const set = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/team-formation-strategy`,
      headers: auth,
      payload: { team_formation: 'skills' },
    });
    expect(set.json().resource.team_formation_strategy).toBe('skills');
    const list = await t.app.inject({
      method: 'GET',
      url: `${api}/workspaces/${workspace.id}/team-formation-strategies`,
      headers: auth,
    });
    expect(list.json().resource).toMatchObject({ team_formation: 'skills' });
    expect(list.json().resource.strategies).toContain('personality');
    const before = await rowCounts(t.db);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${api}/workspaces/${workspace.id}/team-formation-strategy`,
      headers: auth,
      payload: { team_formation: 'alphabetical' },
    });
    expect(bad.statusCode).toBe(422);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
