import { describe, expect, it } from 'vitest';
import { permissionsFor } from '../../auth/permissions';
import type { TaskAssignmentRow } from '../../db/schema';
import { taskAbilities, taskRoles, type TaskFacts, type ViewerFacts } from './policy';
import { peopleOfUnits, submittedPercentage } from './progress';

const ownerTask: TaskFacts = {
  kind: 'task',
  type: 'owner',
  status: 'open',
  createdBy: 1,
  hasReviewers: true,
};
const viewer = (
  role: Parameters<typeof permissionsFor>[0],
  extra: Partial<ViewerFacts> = {},
): ViewerFacts => ({
  userId: 9,
  isSupervisor: false,
  permissions: permissionsFor(role),
  isReviewer: false,
  units: [],
  ...extra,
});
const todo = { status: 'todo' as const, closedBy: null };

describe('task roles', () => {
  it('lets owners and admins manage and review any task, members only their own', () => {
    expect(taskRoles(ownerTask, viewer('owner'))).toMatchObject({ manage: true, review: true });
    expect(taskRoles(ownerTask, viewer('admin'))).toMatchObject({ manage: true, viewReport: true });
    expect(taskRoles(ownerTask, viewer('member'))).toMatchObject({
      manage: false,
      review: false,
      viewReport: false,
      work: false,
    });
    const own = { ...ownerTask, type: 'member' as const, createdBy: 9 };
    expect(taskRoles(own, viewer('member')).manage).toBe(true);
    expect(taskRoles(own, viewer('viewer')).manage).toBe(false);
  });

  it('makes a named reviewer a reviewer and report reader of that task only', () => {
    expect(taskRoles(ownerTask, viewer('member', { isReviewer: true }))).toMatchObject({
      review: true,
      viewReport: true,
      manage: false,
    });
  });

  it('gives the report to members when the owner turns it on', () => {
    const granted = viewer('member', {
      permissions: permissionsFor('member', { view_task_reports: true }),
    });
    expect(taskRoles(ownerTask, granted).viewReport).toBe(true);
    expect(taskRoles({ ...ownerTask, kind: 'subtask' }, granted).viewReport).toBe(true);
  });

  it('lets a supervisor do everything', () => {
    const supervisor = { ...viewer(null), isSupervisor: true };
    expect(taskRoles(ownerTask, supervisor)).toMatchObject({ manage: true, review: true });
  });

  it('never lets a viewer work, even when given a unit', () => {
    expect(taskRoles(ownerTask, viewer('viewer', { units: [todo] })).work).toBe(false);
  });
});

describe('task abilities', () => {
  it('follows the work: submit, then resubmit, then nothing once accepted', () => {
    const member = (
      status: TaskAssignmentRow['status'],
      closedBy: 'assignee' | 'reviewer' | null = null,
    ) => taskAbilities(ownerTask, viewer('member', { units: [{ status, closedBy }] }));
    expect(member('todo')).toMatchObject({ submit: true, resubmit: false, answer: true });
    expect(member('submitted')).toMatchObject({ submit: false, resubmit: true });
    expect(member('returned')).toMatchObject({ resubmit: true });
    expect(member('closed', 'reviewer')).toMatchObject({
      submit: false,
      resubmit: false,
      answer: false,
      open_by_assignee: false,
    });
  });

  it('lets assignees close their own work only when nobody reviews it', () => {
    const units = [todo];
    expect(taskAbilities(ownerTask, viewer('member', { units })).close_by_assignee).toBe(false);
    const unreviewed = { ...ownerTask, hasReviewers: false };
    expect(taskAbilities(unreviewed, viewer('member', { units })).close_by_assignee).toBe(true);
    const closed = [{ status: 'closed' as const, closedBy: 'assignee' as const }];
    expect(taskAbilities(unreviewed, viewer('member', { units: closed })).open_by_assignee).toBe(
      true,
    );
  });

  it('freezes archived and closed tasks', () => {
    const archived = taskAbilities(
      { ...ownerTask, status: 'archived' },
      viewer('owner', { units: [todo] }),
    );
    expect(archived).toMatchObject({
      update: false,
      archive: false,
      restore: true,
      submit: false,
      delete: true,
    });
    const closed = taskAbilities(
      { ...ownerTask, status: 'closed' },
      viewer('member', { units: [todo] }),
    );
    expect(closed).toMatchObject({ submit: false, answer: false });
  });

  it('lets only top-level tasks have subtasks', () => {
    expect(taskAbilities({ ...ownerTask, kind: 'subtask' }, viewer('owner')).create_subtask).toBe(
      false,
    );
    expect(taskAbilities(ownerTask, viewer('member', { units: [todo] })).create_subtask).toBe(true);
  });
});

describe('submitted percentage', () => {
  const person = (id: number) => ({
    id,
    first_name: `P${id}`,
    last_name: '',
    name: `P${id}`,
    email: `p${id}@example.com`,
    avatar_url: null,
    is_deleted: false,
    is_deactivated: false,
    is_shadow: false,
  });
  const unit = (id: number, values: Partial<TaskAssignmentRow>): TaskAssignmentRow => ({
    id,
    taskId: 1,
    userId: null,
    teamId: null,
    status: 'todo',
    closedBy: null,
    numberOfReturned: 0,
    comment: null,
    submittedAt: null,
    closedAt: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...values,
  });
  const people = new Map([1, 2].map((id) => [id, person(id)]));
  const teams = new Map([[7, { id: 7, name: 'Blue', members: [person(3), person(4)] }]]);

  it('counts each person of a team and each person once', () => {
    const units = [
      unit(1, { userId: 1 }),
      unit(2, { userId: 2 }),
      unit(3, { teamId: 7, status: 'closed' }),
    ];
    expect(submittedPercentage(peopleOfUnits(units, people, teams))).toBe(50);
    const twice = [
      unit(1, { userId: 3, status: 'todo' }),
      unit(3, { teamId: 7, status: 'submitted' }),
    ];
    expect(submittedPercentage(peopleOfUnits(twice, new Map([[3, person(3)]]), teams))).toBe(100);
  });

  it('does not count returned work, and is 0 with nobody assigned', () => {
    expect(
      submittedPercentage(
        peopleOfUnits([unit(1, { userId: 1, status: 'returned' })], people, teams),
      ),
    ).toBe(0);
    expect(submittedPercentage([])).toBe(0);
  });
});
