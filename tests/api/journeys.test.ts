import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task, TodoItem } from '@contracts/tasks';
import {
  assessmentEvaluables,
  assessments,
  objectiveOwners,
  objectives,
  teamMembers,
  workspaceMembers,
} from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { bearer, createTestApp, type TestApp } from '../support/test-app';
import { call, createTeam, future, pdf } from './tasks-support';

/** Issue 28: every journey finishable by clicking (the API half). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['createUser']>>;

describe('nobody accepts or returns their own work', () => {
  let owner: Person;
  let admin: Person;
  let member: Person;
  let reviewer: Person;
  let supervisor: Person;
  let other: Person;
  let workspaceId: number;

  beforeAll(async () => {
    const made = await createWorkspace(t, { members: { admin: 1, member: 3 } });
    owner = made.owner;
    admin = made.people.admin[0];
    [member, reviewer, other] = made.people.member;
    workspaceId = made.workspace.id;
    supervisor = await t.createUser({ role: 'supervisor' });
    await t.db
      .insert(workspaceMembers)
      .values({ workspaceId, userId: supervisor.user.id, role: 'member' });
  });

  /** A task for the person and someone else, reviewed by `reviewers`, handed in by both. */
  async function handedIn(assignee: Person, reviewers: number[]) {
    const made = await call(t, owner.token).post(`/workspaces/${workspaceId}/tasks-by-owner`, {
      name: `Work of ${assignee.user.firstName}`,
      user_ids: [assignee.user.id, other.user.id],
      reviewer_ids: reviewers,
    });
    expect(made.statusCode).toBe(201);
    const task: Task = made.json().resource.task;
    for (const person of [assignee, other]) {
      const sent = await call(t, person.token).upload('POST', `/tasks/${task.id}/submit`, [
        pdf('work.pdf', 300),
      ]);
      expect(sent.statusCode).toBe(200);
    }
    const units = task.assignments;
    return {
      task,
      own: units.find((u) => u.user?.id === assignee.user.id)!.id,
      others: units.find((u) => u.user?.id === other.user.id)!.id,
    };
  }

  async function expectRefused(person: Person, taskId: number, unit: number) {
    for (const action of ['close-by-reviewer', 'open-by-reviewer']) {
      const en = await call(t, person.token).post(`/tasks/${taskId}/${action}`, {
        assignment_id: unit,
        comment: 'Looks fine to me',
      });
      expect(en.statusCode, action).toBe(403);
      expect(en.json().messages[0]).toBe(
        'You cannot accept, return or comment on your own work: another reviewer does.',
      );
      const vi = await t.app.inject({
        method: 'POST',
        url: `/api/v2/core/tasks/${taskId}/${action}`,
        headers: { ...bearer(person.token), language: 'vi' },
        payload: { assignment_id: unit },
      });
      expect(vi.statusCode).toBe(403);
      expect(vi.json().messages[0]).toMatch(/^Bạn không thể chấp nhận, trả lại/);
    }
    const comment = await call(t, person.token).put(`/tasks/update-comment/${taskId}`, {
      assignment_id: unit,
      comment: 'Great work, me',
    });
    expect(comment.statusCode).toBe(403);
    // Nothing moved: the work still waits for another reviewer.
    const seen: Task = (await call(t, owner.token).get(`/tasks/${taskId}`)).json().resource.task;
    expect(seen.assignments.find((u) => u.id === unit)).toMatchObject({
      status: 'submitted',
      comment: null,
    });
  }

  it('refuses an owner, an admin and a supervisor on their own work, with no reviewers named', async () => {
    for (const person of [owner, admin, supervisor]) {
      const { task, own, others } = await handedIn(person, []);
      const view: Task = (await call(t, person.token).get(`/tasks/${task.id}`)).json().resource
        .task;
      expect(view.assignments.find((u) => u.id === own)?.is_mine).toBe(true);
      expect(view.assignments.find((u) => u.id === others)?.is_mine).toBe(false);
      await expectRefused(person, task.id, own);
      // Someone else's work they still review.
      const accepted = await call(t, person.token).post(`/tasks/${task.id}/close-by-reviewer`, {
        assignment_id: others,
      });
      expect(accepted.statusCode).toBe(200);
    }
  });

  it('refuses a named reviewer on work of a team they joined later', async () => {
    const teamMate = await t.createUser();
    await t.db
      .insert(workspaceMembers)
      .values({ workspaceId, userId: teamMate.user.id, role: 'member' });
    const team = await createTeam(t, workspaceId, 'Green', [teamMate.user.id]);
    const made = await call(t, owner.token).post(`/workspaces/${workspaceId}/tasks-by-owner`, {
      name: 'Team poster',
      team_ids: [team.id],
      reviewer_ids: [reviewer.user.id],
    });
    expect(made.statusCode).toBe(201);
    const task: Task = made.json().resource.task;
    const sent = await call(t, teamMate.token).upload('POST', `/tasks/${task.id}/submit`, [
      pdf('poster.pdf'),
    ]);
    expect(sent.statusCode).toBe(200);
    await t.db
      .insert(teamMembers)
      .values({ teamId: team.id, workspaceId, userId: reviewer.user.id });
    await expectRefused(reviewer, task.id, task.assignments[0].id);
  });

  it('keeps the status and the feedback a review leaves on the task', async () => {
    const { task, others } = await handedIn(member, [reviewer.user.id]);
    const returned = await call(t, reviewer.token).post(`/tasks/${task.id}/open-by-reviewer`, {
      assignment_id: others,
      comment: 'Add the sources',
    });
    expect(returned.statusCode).toBe(200);
    await call(t, other.token).upload('POST', `/tasks/${task.id}/resubmit`, [pdf('v2.pdf')]);
    // Accepting without a note keeps what the review said.
    const accepted = await call(t, reviewer.token).post(`/tasks/${task.id}/close-by-reviewer`, {
      assignment_id: others,
    });
    expect(accepted.statusCode).toBe(200);
    const seen: Task = (await call(t, other.token).get(`/tasks/${task.id}`)).json().resource.task;
    expect(seen.my_status).toBe('closed');
    expect(seen.comment).toBe('Add the sources');
    const list = await call(t, other.token).get(`/workspaces/${workspaceId}/tasks?status=open`);
    const row = (list.json().resource.tasks as Task[]).find((x) => x.id === task.id)!;
    expect(row).toMatchObject({ my_status: 'closed', comment: 'Add the sources' });
    // A note given on acceptance becomes the feedback.
    const mine = task.assignments.find((u) => u.user?.id === member.user.id)!.id;
    await call(t, reviewer.token).post(`/tasks/${task.id}/close-by-reviewer`, {
      assignment_id: mine,
      comment: 'Well argued',
    });
    const hers: Task = (await call(t, member.token).get(`/tasks/${task.id}`)).json().resource.task;
    expect(hers).toMatchObject({ my_status: 'closed', comment: 'Well argued' });
  });
});

describe("a person's to-do (My work, Tasks and assessments)", () => {
  it('lists work to hand in and to review, 360s to answer and check-ins, whatever the due date', async () => {
    const made = await createWorkspace(t, {
      members: { member: 2 },
      values: { workspaceType: 'organization' },
    });
    const { owner } = made;
    const [ann, ben] = made.people.member;
    const workspaceId = made.workspace.id;
    const create = (name: string, extra: object) =>
      call(t, owner.token).post(`/workspaces/${workspaceId}/tasks-by-owner`, {
        name,
        user_ids: [ann.user.id],
        reviewer_ids: [ben.user.id],
        ...extra,
      });
    const undated = (await create('Undated report', {})).json().resource.task as Task;
    const far = (await create('Far report', { expired_at: future(400) })).json().resource
      .task as Task;
    const soon = (await create('Soon report', { expired_at: future(2) })).json().resource
      .task as Task;
    await call(t, ann.token).upload('POST', `/tasks/${soon.id}/submit`, [pdf('soon.pdf')]);

    const [assessment] = await t.db
      .insert(assessments)
      .values({ workspaceId, name: 'Quarterly 360', type: 'general', createdBy: owner.user.id })
      .returning();
    await t.db.insert(assessmentEvaluables).values([
      {
        assessmentId: assessment.id,
        assessorId: ann.user.id,
        evaluateeId: ben.user.id,
        raterGroup: 'peer',
      },
      {
        assessmentId: assessment.id,
        assessorId: ann.user.id,
        evaluateeId: ann.user.id,
        raterGroup: 'self',
      },
    ]);
    const [objective] = await t.db
      .insert(objectives)
      .values({ workspaceId, name: 'Grow the club', checkInEveryDays: 7, createdBy: owner.user.id })
      .returning();
    await t.db.insert(objectiveOwners).values({ objectiveId: objective.id, userId: ann.user.id });

    const anns = await call(t, ann.token).get(`/my-work/todo?workspace_id=${workspaceId}`);
    expect(anns.statusCode).toBe(200);
    const items: TodoItem[] = anns.json().resource.items;
    expect(items.map((i) => [i.kind, i.name])).toEqual([
      ['check_in', 'Grow the club'],
      ['hand_in', 'Far report'],
      ['answer', 'Quarterly 360'],
      ['hand_in', 'Undated report'],
    ]);
    expect(items.find((i) => i.kind === 'answer')).toMatchObject({
      link: `/workspaces/${workspaceId}/assessments?answer=${assessment.id}`,
      expired_at: null,
      waiting: 2,
    });
    expect(items.find((i) => i.name === 'Undated report')).toMatchObject({
      link: `/workspaces/${workspaceId}/tasks/${undated.id}/info`,
      status: 'todo',
      expired_at: null,
    });
    expect(items.find((i) => i.name === 'Far report')?.id).toBe(far.id);

    const bens = (await call(t, ben.token).get('/my-work/todo')).json().resource
      .items as TodoItem[];
    expect(bens.map((i) => [i.kind, i.name, i.waiting])).toEqual([['review', 'Soon report', 1]]);
    // The owner reviews tasks that name nobody; these name Ben, so nothing waits for her.
    const owners = (await call(t, owner.token).get('/my-work/todo')).json().resource.items;
    expect(owners).toEqual([]);
  });

  it('answers 404 outside the workspace and 422 for a bad workspace id', async () => {
    const made = await createWorkspace(t);
    const outsider = await t.createUser();
    const outside = await call(t, outsider.token).get(
      `/my-work/todo?workspace_id=${made.workspace.id}`,
    );
    expect([403, 404]).toContain(outside.statusCode);
    const bad = await call(t, outsider.token).get('/my-work/todo?workspace_id=abc');
    expect(bad.statusCode).toBe(422);
    const signedOut = await call(t, null).get('/my-work/todo');
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('workspace sections', () => {
  it('puts the task and assessment lists beside "Tasks and assessments"', async () => {
    const made = await createWorkspace(t, { values: { workspaceType: 'organization' } });
    const res = await call(t, made.owner.token).get(`/workspaces/${made.workspace.id}`);
    expect(res.json().resource.sections).toEqual([
      'dashboard',
      'my-work',
      'tasks-assessments',
      'tasks',
      'assessments',
      'objectives',
      'people',
      'teams',
    ]);
    const chosen = await createWorkspace(t, {
      values: { workspaceType: 'generalized', sections: ['dashboard', 'tasks-assessments'] },
    });
    const generalized = await call(t, chosen.owner.token).get(`/workspaces/${chosen.workspace.id}`);
    expect(generalized.json().resource.sections).toEqual([
      'dashboard',
      'tasks-assessments',
      'tasks',
      'assessments',
    ]);
  });
});

describe('team formation runs without data, kept until confirmed or dropped', () => {
  const api = (person: Person | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: person ? bearer(person.token) : {},
      ...(payload ? { payload } : {}),
    });
  async function finished(person: Person, token: string) {
    for (let attempt = 0; attempt < 300; attempt++) {
      const run = (await api(person, 'GET', `/teamformation/${token}`)).json().resource.run;
      if (run.status !== 'queued' && run.status !== 'running') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the run never finished');
  }

  it('gives null, with the reason, for measures nobody gave data for', async () => {
    const made = await createWorkspace(t, { members: { member: 6 } });
    const started = await api(made.owner, 'POST', '/teamformation', {
      workspace_id: made.workspace.id,
      strategy: 'random',
      team_size: { min: 3, max: 3 },
      seed: 3,
    });
    expect(started.statusCode).toBe(200);
    const run = await finished(made.owner, started.json().resource.token);
    expect(run.status).toBe('done');
    expect(run.no_data).toEqual({ personality: true, skills: true, availability: true });
    expect(run.metrics).toMatchObject({
      rho: null,
      rho2: null,
      dmax: null,
      skills_mean: null,
      skills_min: null,
      skills_upper_bound: null,
      availability_mean: null,
      availability_min: null,
      objective: null,
    });
    for (const team of run.teams) {
      expect(team.metrics).toMatchObject({
        mean_z: null,
        skills_coverage: null,
        missing_skills: null,
        common_slots: null,
        availability: null,
      });
    }
    // A hand edit is scored the same way.
    const split = run.teams.map((team: { members: { id: number }[] }) =>
      team.members.map((m) => m.id),
    );
    [split[0][0], split[1][0]] = [split[1][0], split[0][0]];
    const scored = await api(made.owner, 'POST', `/teamformation/${run.token}/score`, {
      teams: split,
    });
    expect(scored.statusCode).toBe(200);
    expect(scored.json().resource.no_data.availability).toBe(true);
    expect(scored.json().resource.team_metrics[0].common_slots).toBeNull();

    // Kept: the history lists it as proposed, and it reopens with its teams.
    const history = await api(made.owner, 'GET', `/teamformation/history/${made.workspace.id}`);
    expect(history.json().resource.runs[0]).toMatchObject({ token: run.token, status: 'done' });

    // Dropping: not by a member, not with a bad token; then it cannot be confirmed.
    const member = made.people.member[0];
    expect((await api(member, 'POST', `/teamformation/${run.token}/drop`)).statusCode).toBe(403);
    expect((await api(made.owner, 'POST', '/teamformation/not-a-token/drop')).statusCode).toBe(422);
    const dropped = await api(made.owner, 'POST', `/teamformation/${run.token}/drop`);
    expect(dropped.statusCode).toBe(200);
    const reopened = (await api(made.owner, 'GET', `/teamformation/${run.token}`)).json().resource
      .run;
    expect(reopened).toMatchObject({ status: 'dropped' });
    expect(reopened.teams).toHaveLength(2);
    const confirm = await api(
      made.owner,
      'POST',
      `/core/workspaces/${made.workspace.id}/team-formation`,
      { token: run.token },
    );
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().messages[0]).toBe('This proposal was dropped. Form teams again.');
  });
});
