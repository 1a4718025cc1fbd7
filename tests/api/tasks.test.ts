import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@contracts/tasks';
import { notifications, taskFiles, tasks, workspaces } from '@server/db/schema';
import { createWorkspace } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { call, createTeam, future, pdf, storedFiles } from './tasks-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['createUser']>>;

describe('a task from owner to report, as people use it', () => {
  let owner: Person;
  let ann: Person; // assigned on her own
  let ben: Person; // assigned on his own
  let cat: Person; // in the team
  let dan: Person; // in the team
  let rev: Person; // the reviewer, a plain member
  let workspaceId: number;
  let teamId: number;
  let taskId: number;
  let teamUnit: number;

  beforeAll(async () => {
    const made = await createWorkspace(t, { members: { member: 5, viewer: 1 } });
    owner = made.owner;
    [ann, ben, cat, dan, rev] = made.people.member;
    workspaceId = made.workspace.id;
    teamId = (await createTeam(t, workspaceId, 'Blue', [cat.user.id, dan.user.id])).id;
  });

  it('lets the owner create a task for two members and a team, with a reviewer', async () => {
    const choices = await call(t, owner.token).get(
      `/workspaces/${workspaceId}/selectable-users-for-reviewers`,
    );
    expect(choices.statusCode).toBe(200);
    expect(choices.json().resource.default_reviewers.map((p: { id: number }) => p.id)).toEqual([
      owner.user.id,
    ]);
    const teamsChoice = await call(t, owner.token).get(
      `/workspaces/${workspaceId}/selectable-teams`,
    );
    expect(teamsChoice.json().resource.teams[0]).toMatchObject({ id: teamId, name: 'Blue' });

    const res = await call(t, owner.token).post(`/workspaces/${workspaceId}/tasks-by-owner`, {
      name: 'Essay on rivers',
      description: 'Two pages, with sources.',
      expired_at: future(10),
      user_ids: [ann.user.id, ben.user.id],
      team_ids: [teamId],
      reviewer_ids: [rev.user.id],
    });
    expect(res.statusCode).toBe(201);
    const task: Task = res.json().resource.task;
    taskId = task.id;
    expect(task).toMatchObject({ kind: 'task', type: 'owner', status: 'open', subtask_count: 0 });
    expect(task.users.map((u) => u.id)).toEqual([ann.user.id, ben.user.id]);
    expect(task.teams.map((team) => team.id)).toEqual([teamId]);
    expect(task.reviewers.map((u) => u.id)).toEqual([rev.user.id]);
    expect(task.assignments).toHaveLength(3);
    // The owner, the reviewer and the two personal assignees are in no team.
    expect(task.users_dont_have_team_count).toBe(4);
    teamUnit = task.assignments.find((a) => a.team?.id === teamId)!.id;
    // Notifications are made by the event handlers once the change committed.
    await t.app.deps.jobs.drain();
    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'task_assigned'));
    expect(told.map((n) => n.userId).sort()).toEqual(
      [ann, ben, cat, dan].map((p) => p.user.id).sort(),
    );
  });

  it('shows each member their own work and hides the percentage without the permission', async () => {
    const res = await call(t, cat.token).get(`/tasks/${taskId}`);
    expect(res.statusCode).toBe(200);
    const task: Task = res.json().resource.task;
    expect(task.my_status).toBe('todo');
    expect(task.assignments.map((a) => a.id)).toEqual([teamUnit]);
    expect(task.submitted_percentage).toBe(-1);
    expect(task.permissions).toMatchObject({ submit: true, update: false, view_report: false });
  });

  it('takes a submission of two files from one member for the team', async () => {
    const res = await call(t, cat.token).upload('POST', `/tasks/${taskId}/submit`, [
      { name: 'answer', value: 'Our essay and its sources.' },
      pdf('essay.pdf'),
      pdf('sources.pdf', 512),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().resource.task.my_status).toBe('submitted');
    const files = await t.db.select().from(taskFiles).where(eq(taskFiles.taskId, taskId));
    expect(files.map((f) => f.name).sort()).toEqual(['essay.pdf', 'sources.pdf']);
    expect(storedFiles(t)).toHaveLength(2);

    // Dan is in the team: the team's work is his too, and submitting it again is a resubmit.
    const dansView = await call(t, dan.token).get(`/tasks/${taskId}`);
    expect(dansView.json().resource.task.my_status).toBe('submitted');
    const again = await call(t, dan.token).upload('POST', `/tasks/${taskId}/submit`, [
      pdf('again.pdf'),
    ]);
    expect(again.statusCode).toBe(409);

    await t.app.deps.jobs.drain();
    const reviewerNotes = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, rev.user.id));
    expect(reviewerNotes.map((n) => n.kind)).toContain('task_submitted');
  });

  it('lets the reviewer see the files and return the work (count 1)', async () => {
    const answers = await call(t, rev.token).get(`/tasks/${taskId}/answers`);
    expect(answers.statusCode).toBe(200);
    const [submission] = answers.json().resource.answers;
    expect(submission).toMatchObject({ kind: 'submission', body: 'Our essay and its sources.' });
    expect(submission.files).toHaveLength(2);
    const download = await call(t, rev.token).get(
      `/tasks/${taskId}/files/${submission.files[0].id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.body.startsWith('%PDF')).toBe(true);
    // Ann has her own work: Cat's team's files are not hers to read.
    const annFiles = await call(t, ann.token).get(`/tasks/${taskId}/files`);
    expect(annFiles.json().resource.files).toEqual([]);
    const annDownload = await call(t, ann.token).get(
      `/tasks/${taskId}/files/${submission.files[0].id}`,
    );
    expect(annDownload.statusCode).toBe(404);

    const returned = await call(t, rev.token).post(`/tasks/${taskId}/open-by-reviewer`, {
      assignment_id: teamUnit,
      comment: 'Please add a map.',
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().messages).toEqual(['The work is returned to the assignee.']);
    const unit = returned
      .json()
      .resource.task.assignments.find((a: { id: number }) => a.id === teamUnit);
    expect(unit).toMatchObject({
      status: 'returned',
      number_of_returned: 1,
      comment: 'Please add a map.',
    });

    const catsView = await call(t, cat.token).get(`/tasks/${taskId}`);
    expect(catsView.json().resource.task).toMatchObject({
      my_status: 'returned',
      number_of_returned: 1,
      comment: 'Please add a map.',
    });
  });

  it('takes the resubmission, and the reviewer closes it', async () => {
    const res = await call(t, cat.token).upload('POST', `/tasks/${taskId}/resubmit`, [
      { name: 'answer', value: 'With a map now.' },
      { name: 'files', filename: 'map.png', type: 'image/png', content: Buffer.from('png-bytes') },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().resource.task.my_status).toBe('resubmitted');

    // Bad input changes nothing: a comment too long, an unknown field.
    for (const body of [
      { assignment_id: teamUnit, comment: 'x'.repeat(5001) },
      { assignment_id: teamUnit, note: 'x' },
    ]) {
      const refused = await call(t, rev.token).post(`/tasks/${taskId}/close-by-reviewer`, body);
      expect(refused.statusCode).toBe(422);
    }
    // Wrong role: the assignee cannot accept their own work.
    const selfAccept = await call(t, cat.token).post(`/tasks/${taskId}/close-by-reviewer`, {
      assignment_id: teamUnit,
    });
    expect(selfAccept.statusCode).toBe(403);

    const closed = await call(t, rev.token).post(`/tasks/${taskId}/close-by-reviewer`, {
      assignment_id: teamUnit,
      comment: 'Good map.',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().messages).toEqual(['The submission is accepted.']);
    const unit = closed
      .json()
      .resource.task.assignments.find((a: { id: number }) => a.id === teamUnit);
    // The acceptance note replaces the earlier return note.
    expect(unit).toMatchObject({
      status: 'closed',
      closed_by: 'reviewer',
      number_of_returned: 1,
      comment: 'Good map.',
    });
    expect((await call(t, cat.token).get(`/tasks/${taskId}`)).json().resource.task.comment).toBe(
      'Good map.',
    );
    // The assignee cannot undo a reviewer's acceptance.
    const reopen = await call(t, cat.token).post(`/tasks/${taskId}/open-by-assignee`, {});
    expect(reopen.statusCode).toBe(409);
  });

  it('reports 50% submitted: the team of two out of four people', async () => {
    const res = await call(t, rev.token).get(`/tasks/${taskId}/users`);
    expect(res.statusCode).toBe(200);
    const report = res.json().resource;
    expect(report.submitted_percentage).toBe(50);
    expect(report.people).toHaveLength(4);
    const byPerson = Object.fromEntries(
      report.people.map((p: { user: { id: number }; status: string }) => [p.user.id, p.status]),
    );
    expect(byPerson).toEqual({
      [ann.user.id]: 'todo',
      [ben.user.id]: 'todo',
      [cat.user.id]: 'closed',
      [dan.user.id]: 'closed',
    });
    const ownerView = await call(t, owner.token).get(`/tasks/${taskId}`);
    expect(ownerView.json().resource.task.submitted_percentage).toBe(50);
    const annReport = await call(t, ann.token).get(`/tasks/${taskId}/users`);
    expect(annReport.statusCode).toBe(403);
  });

  it('keeps a timeline of who did what', async () => {
    const res = await call(t, rev.token).get(`/tasks/${taskId}/tracking`);
    expect(res.statusCode).toBe(200);
    const events = res.json().resource.events as { action: string; actor: { id: number } }[];
    expect(events.map((e) => e.action).reverse()).toEqual([
      'created',
      'submitted',
      'returned',
      'resubmitted',
      'accepted',
    ]);
    expect(events[0].actor.id).toBe(rev.user.id);
    // Ann sees what happened to the task, not to the team's work.
    const annTracking = await call(t, ann.token).get(`/tasks/${taskId}/tracking`);
    expect(annTracking.json().resource.events.map((e: { action: string }) => e.action)).toEqual([
      'created',
    ]);
  });

  it('sends reminders by mail and as notifications to those still to hand in', async () => {
    const res = await call(t, owner.token).post(`/tasks/${taskId}/send-reminder-for-all`);
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[0]).toBe('2 reminders were sent.');
    // Assignments are mailed too (notification settings); the reminder is its own mail.
    const isReminder = (m: { subject: string }) => m.subject.startsWith('Reminder:');
    const mail = await t.smtp.waitFor(ann.user.email, isReminder);
    expect(mail.subject).toBe('Reminder: Essay on rivers');
    expect(mail.text).toContain(`/workspaces/${workspaceId}/tasks/${taskId}/info`);
    await t.smtp.waitFor(ben.user.email, isReminder);
    await t.app.deps.jobs.drain();
    const reminded = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'task_reminder'));
    expect(reminded.map((n) => n.userId).sort()).toEqual([ann.user.id, ben.user.id].sort());
    // Cat's team is done: nothing to remind her of.
    const one = await call(t, owner.token).post(`/tasks/${taskId}/send-reminder`, {
      user_id: cat.user.id,
    });
    expect(one.statusCode).toBe(409);
  });

  it('archives and restores the task with everything it had', async () => {
    const before = (await call(t, rev.token).get(`/tasks/${taskId}/answers`)).json().resource;
    const archived = await call(t, owner.token).post(`/tasks/${taskId}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().resource.task.status).toBe('archived');
    const list = await call(t, owner.token).get(`/workspaces/${workspaceId}/tasks?status=archived`);
    expect(list.json().resource.counts).toEqual({ open: 0, closed: 0, archived: 1 });
    expect(list.json().resource.tasks.map((x: Task) => x.id)).toEqual([taskId]);
    const blocked = await call(t, ann.token).upload('POST', `/tasks/${taskId}/submit`, [
      pdf('a.pdf'),
    ]);
    expect(blocked.statusCode).toBe(409);

    const restored = await call(t, owner.token).post(`/tasks/${taskId}/restore`);
    expect(restored.statusCode).toBe(200);
    const task: Task = restored.json().resource.task;
    expect(task.status).toBe('open');
    expect(task.assignments).toHaveLength(3);
    expect(task.submitted_percentage).toBe(50);
    const after = (await call(t, rev.token).get(`/tasks/${taskId}/answers`)).json().resource;
    expect(after).toEqual(before);
    expect(storedFiles(t)).toHaveLength(3);
  });

  it('lists tasks by status with counts, sorted by submitted percentage as each may see it', async () => {
    const other = await call(t, owner.token).post(`/workspaces/${workspaceId}/tasks-by-owner`, {
      name: 'Reading log',
      user_ids: [ann.user.id],
    });
    expect(other.statusCode).toBe(201);
    const sorted = await call(t, owner.token).get(
      `/workspaces/${workspaceId}/tasks?status=open&sort=submitted_percentage&direction=desc`,
    );
    expect(sorted.json().resource.tasks.map((x: Task) => [x.name, x.submitted_percentage])).toEqual(
      [
        ['Essay on rivers', 50],
        ['Reading log', 0],
      ],
    );
    expect(sorted.json().resource.counts).toEqual({ open: 2, closed: 0, archived: 0 });
    const asMember = await call(t, ann.token).get(
      `/workspaces/${workspaceId}/tasks?sort=submitted_percentage`,
    );
    expect(asMember.json().resource.tasks.map((x: Task) => x.submitted_percentage)).toEqual([
      -1, -1,
    ]);
    const search = await call(t, ann.token).get(`/tasks/search?q=river`);
    expect(search.json().resource.tasks.map((x: Task) => x.id)).toEqual([taskId]);
  });

  it('puts an updated task past its due date on the closed list, and a future one back', async () => {
    await t.db
      .update(tasks)
      .set({ expiredAt: new Date(Date.now() - 86_400_000) })
      .where(eq(tasks.id, taskId));
    const past = await call(t, owner.token).put(`/tasks/${taskId}`, { name: 'Essay on rivers' });
    expect(past.statusCode).toBe(200);
    expect(past.json().resource.task.status).toBe('closed');
    const noDue = await call(t, owner.token).put(`/tasks/${taskId}`, { expired_at: null });
    expect(noDue.json().resource.task).toMatchObject({ status: 'open', expired_at: null });
    await call(t, owner.token).post(`/tasks/${taskId}/close-by-reviewer`, {});
    const later = await call(t, owner.token).put(`/tasks/${taskId}`, { expired_at: future(3) });
    expect(later.json().resource.task.status).toBe('open');
  });

  describe('subtasks', () => {
    let subtaskId: number;
    let secondTaskId: number;

    it("are made per user and for all users, within the parent task's people", async () => {
      const perUser = await call(t, owner.token).post(`/tasks/${taskId}/subtasks`, {
        name: 'Find three sources',
        user_ids: [ann.user.id],
      });
      expect(perUser.statusCode).toBe(201);
      const subtask: Task = perUser.json().resource.task;
      subtaskId = subtask.id;
      expect(subtask).toMatchObject({ kind: 'subtask', parent: { id: taskId } });
      expect(subtask.users.map((u) => u.id)).toEqual([ann.user.id]);
      // Parent reviewers review subtasks by default.
      expect(subtask.reviewers.map((u) => u.id)).toEqual([rev.user.id]);

      const outsider = await call(t, owner.token).post(`/tasks/${taskId}/subtasks`, {
        name: 'Not for the reviewer',
        user_ids: [rev.user.id],
      });
      expect(outsider.statusCode).toBe(422);

      const forAll = await call(t, owner.token).post(`/tasks/${taskId}/subtasks-for-all-users`, {
        name: 'Peer-read one essay',
      });
      expect(forAll.statusCode).toBe(201);
      expect(
        forAll
          .json()
          .resource.task.users.map((u: { id: number }) => u.id)
          .sort(),
      ).toEqual([ann.user.id, ben.user.id, cat.user.id, dan.user.id].sort());

      const list = await call(t, ann.token).get(`/tasks/${taskId}/subtasks`);
      expect(list.json().resource.subtasks).toHaveLength(2);
      const parent = await call(t, ann.token).get(`/tasks/${taskId}`);
      expect(parent.json().resource.task.subtask_count).toBe(2);
      const users = await call(t, owner.token).get(`/tasks/${taskId}/subtasks-users`);
      const annRow = users
        .json()
        .resource.users.find((row: { user: { id: number } }) => row.user.id === ann.user.id);
      expect(annRow.subtasks.map((s: { id: number }) => s.id)).toContain(subtaskId);
    });

    it('have their own submit, under subtasks/ only', async () => {
      const wrongKind = await call(t, ann.token).get(`/tasks/${subtaskId}`);
      expect(wrongKind.statusCode).toBe(404);
      const res = await call(t, ann.token).upload('POST', `/subtasks/${subtaskId}/submit`, [
        { name: 'answer', value: 'Three sources found.' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().resource.task.my_status).toBe('submitted');
      const report = await call(t, rev.token).get(`/subtasks/${subtaskId}/users`);
      expect(report.json().resource.submitted_percentage).toBe(100);
    });

    it('move to another task, become a task and go back', async () => {
      const second = await call(t, owner.token).post(`/workspaces/${workspaceId}/tasks-by-owner`, {
        name: 'Field trip',
        user_ids: [ann.user.id],
      });
      secondTaskId = second.json().resource.task.id;
      const targets = await call(t, owner.token).get(`/subtasks/${subtaskId}/can-move-to-tasks`);
      const targetIds = targets.json().resource.tasks.map((x: { id: number }) => x.id);
      expect(targetIds).toContain(secondTaskId);
      expect(targetIds).not.toContain(taskId);

      const moved = await call(t, owner.token).post(`/subtasks/${subtaskId}/move-to-another-task`, {
        task_id: secondTaskId,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().resource.task.parent).toMatchObject({ id: secondTaskId });

      const promoted = await call(t, owner.token).post(
        `/subtasks/${subtaskId}/change-subtask-to-task`,
      );
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json().resource.task).toMatchObject({ kind: 'task', parent: null });
      expect((await call(t, owner.token).get(`/subtasks/${subtaskId}`)).statusCode).toBe(404);
      const asTask = await call(t, ann.token).get(`/tasks/${subtaskId}`);
      expect(asTask.json().resource.task.my_status).toBe('submitted');

      // A task with subtasks cannot itself become one.
      const refused = await call(t, owner.token).post(`/tasks/${taskId}/change-task-to-subtask`, {
        task_id: secondTaskId,
      });
      expect(refused.statusCode).toBe(409);

      const back = await call(t, owner.token).post(`/tasks/${subtaskId}/change-task-to-subtask`, {
        task_id: taskId,
      });
      expect(back.statusCode).toBe(200);
      expect(back.json().resource.task).toMatchObject({ kind: 'subtask', parent: { id: taskId } });
      const events = (await call(t, owner.token).get(`/subtasks/${subtaskId}/tracking`)).json()
        .resource.events as { action: string }[];
      expect(events.map((e) => e.action).slice(0, 3)).toEqual([
        'made_subtask',
        'made_task',
        'moved',
      ]);
    });

    it('can be set by a team member for a teammate, who can resubmit for each other', async () => {
      const choices = await call(t, cat.token).get(`/tasks/${taskId}/select-subtask-users`);
      expect(
        choices
          .json()
          .resource.users.map((u: { id: number }) => u.id)
          .sort(),
      ).toEqual([cat.user.id, dan.user.id].sort());
      const made = await call(t, cat.token).post(`/tasks/${taskId}/subtasks`, {
        name: 'Draw the map',
        user_ids: [dan.user.id],
      });
      expect(made.statusCode).toBe(201);
      const mapTask: Task = made.json().resource.task;
      expect(mapTask.type).toBe('member');
      const notTheirs = await call(t, cat.token).post(`/tasks/${taskId}/subtasks`, {
        name: 'For Ann',
        user_ids: [ann.user.id],
      });
      expect(notTheirs.statusCode).toBe(422);

      const submitted = await call(t, dan.token).upload('POST', `/subtasks/${mapTask.id}/submit`, [
        { name: 'files', filename: 'map.jpg', type: 'image/jpeg', content: Buffer.from('jpeg') },
      ]);
      expect(submitted.statusCode).toBe(200);
      const danUnit = mapTask.assignments[0].id;
      const returned = await call(t, rev.token).post(`/subtasks/${mapTask.id}/open-by-reviewer`, {
        assignment_id: danUnit,
      });
      expect(returned.statusCode).toBe(200);
      // Ann is not Dan's teammate; Cat is.
      const notTeammate = await call(t, ann.token).upload(
        'POST',
        `/subtasks/${mapTask.id}/resubmit_by_teammates`,
        [{ name: 'assignment_id', value: String(danUnit) }, pdf('map.pdf')],
      );
      expect(notTeammate.statusCode).toBe(403);
      const byCat = await call(t, cat.token).upload(
        'POST',
        `/subtasks/${mapTask.id}/resubmit_by_teammates`,
        [{ name: 'assignment_id', value: String(danUnit) }, pdf('map.pdf')],
      );
      expect(byCat.statusCode).toBe(200);
      const danView = await call(t, dan.token).get(`/subtasks/${mapTask.id}`);
      expect(danView.json().resource.task).toMatchObject({
        my_status: 'resubmitted',
        number_of_returned: 1,
      });
    });
  });

  describe('reminders, deadlines and my work', () => {
    it('lists overdue first, then upcoming, and drops what was answered or set aside', async () => {
      const soon = await call(t, owner.token).post(`/workspaces/${workspaceId}/tasks-by-owner`, {
        name: 'Due soon',
        expired_at: future(2),
        user_ids: [ben.user.id],
      });
      const soonId = soon.json().resource.task.id;
      const late = await call(t, owner.token).post(`/workspaces/${workspaceId}/tasks-by-owner`, {
        name: 'Already late',
        expired_at: future(1),
        user_ids: [ben.user.id],
      });
      const lateId = late.json().resource.task.id;
      await t.db
        .update(tasks)
        .set({ expiredAt: new Date(Date.now() - 3_600_000) })
        .where(eq(tasks.id, lateId));
      const far = await call(t, owner.token).post(`/workspaces/${workspaceId}/tasks-by-owner`, {
        name: 'Far away',
        expired_at: future(30),
        user_ids: [ben.user.id],
      });
      expect(far.statusCode).toBe(201);

      const first = await call(t, ben.token).get('/reminder/assessment-task');
      expect(first.statusCode).toBe(200);
      const names = first.json().resource.tasks.map((r: { name: string }) => r.name);
      expect(names.indexOf('Already late')).toBe(0);
      expect(names).toContain('Due soon');
      expect(names).not.toContain('Far away');
      expect(first.json().resource.tasks[0].is_overdue).toBe(true);
      expect(first.json().resource.assessments).toEqual([]);

      const answered = await call(t, ben.token).upload('POST', `/tasks/${lateId}/submit`, [
        { name: 'answer', value: 'Sorry, late.' },
      ]);
      expect(answered.statusCode).toBe(200);
      const setAside = await call(t, ben.token).post('/reminder/update-setting', {
        is: 'task',
        id: soonId,
      });
      expect(setAside.statusCode).toBe(200);
      const after = await call(t, ben.token).get('/reminder/assessment-task');
      const left = after.json().resource.tasks.map((r: { name: string }) => r.name);
      expect(left).not.toContain('Already late');
      expect(left).not.toContain('Due soon');

      const notMine = await call(t, ann.token).post('/reminder/update-setting', {
        is: 'task',
        id: soonId,
      });
      expect(notMine.statusCode).toBe(404);

      const deadlines = await call(t, ben.token).get(
        `/dashboard/deadlines?workspace_id=${workspaceId}`,
      );
      expect(deadlines.statusCode).toBe(200);
      const dueNames = deadlines.json().resource.deadlines.map((d: { name: string }) => d.name);
      expect(dueNames.slice(0, 3)).toEqual(['Already late', 'Due soon', 'Essay on rivers']);
      const others = await call(t, ann.token).get(
        `/dashboard/deadlines?workspace_id=${workspaceId}&user_id=${ben.user.id}`,
      );
      expect(others.statusCode).toBe(403);
      const asOwner = await call(t, owner.token).get(
        `/dashboard/deadlines?workspace_id=${workspaceId}&user_id=${ben.user.id}`,
      );
      expect(asOwner.json().resource.deadlines).toHaveLength(
        deadlines.json().resource.deadlines.length,
      );

      const myWork = await call(t, ben.token).get('/my-work');
      const work = myWork.json().resource.tasks.map((x: Task) => x.name);
      expect(work).toEqual([
        'Already late',
        'Due soon',
        'Essay on rivers',
        'Far away',
        'Peer-read one essay',
      ]);
    });
  });
});

describe("a member's own task", () => {
  it("is theirs (or their team's), reviewed by the default reviewers, never by themselves", async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 2 } });
    const [mia, max] = people.member;
    const res = await call(t, mia.token).post(`/workspaces/${workspace.id}/tasks-by-member`, {
      name: 'My reading plan',
    });
    expect(res.statusCode).toBe(201);
    const task: Task = res.json().resource.task;
    expect(task).toMatchObject({ type: 'member', my_status: 'todo' });
    expect(task.users.map((u) => u.id)).toEqual([mia.user.id]);
    expect(task.reviewers.map((u) => u.id)).toEqual([owner.user.id]);
    expect(task.permissions).toMatchObject({ update: true, close_by_assignee: false });

    const self = await call(t, mia.token).post(`/workspaces/${workspace.id}/tasks-by-member`, {
      name: 'Self-reviewed',
      reviewer_ids: [mia.user.id],
    });
    expect(self.statusCode).toBe(422);
    const noTeam = await call(t, mia.token).post(`/workspaces/${workspace.id}/tasks-by-member`, {
      name: 'For my team',
      for_my_team: true,
    });
    expect(noTeam.statusCode).toBe(422);

    const solo = await call(t, mia.token).post(`/workspaces/${workspace.id}/tasks-by-member`, {
      name: 'No reviewer',
      reviewer_ids: [],
    });
    const soloId = solo.json().resource.task.id;
    const done = await call(t, mia.token).post(`/tasks/${soloId}/close-by-assignee`, {});
    expect(done.statusCode).toBe(200);
    expect(done.json().resource.task.my_status).toBe('closed');
    const reopened = await call(t, mia.token).post(`/tasks/${soloId}/open-by-assignee`, {});
    expect(reopened.json().resource.task.my_status).toBe('todo');

    // Max may see Mia's task but not change it.
    const maxView = await call(t, max.token).get(`/tasks/${task.id}`);
    expect(maxView.json().resource.task.permissions.update).toBe(false);
    const maxEdit = await call(t, max.token).put(`/tasks/${task.id}`, { name: 'Mine now' });
    expect(maxEdit.statusCode).toBe(403);
  });
});

describe('an archived workspace', () => {
  it('keeps its tasks readable and refuses every change until it is restored', async () => {
    const { workspace, owner, people } = await createWorkspace(t, { members: { member: 1 } });
    const made = await call(t, owner.token).post(`/workspaces/${workspace.id}/tasks-by-owner`, {
      name: 'Before the archive',
      user_ids: [people.member[0].user.id],
    });
    const id = made.json().resource.task.id;
    await t.db
      .update(workspaces)
      .set({ status: 'archived' })
      .where(eq(workspaces.id, workspace.id));

    expect((await call(t, owner.token).get(`/tasks/${id}`)).statusCode).toBe(200);
    const refused = [
      await call(t, owner.token).put(`/tasks/${id}`, { name: 'After' }),
      await call(t, owner.token).post(`/tasks/${id}/archive`),
      await call(t, owner.token).post(`/workspaces/${workspace.id}/tasks-by-owner`, {
        name: 'New',
      }),
      await call(t, people.member[0].token).upload('POST', `/tasks/${id}/submit`, [
        pdf('late.pdf'),
      ]),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
    expect(refused[0].json().messages[0]).toMatch(/archived/);
  });
});
