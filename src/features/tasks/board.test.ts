import { describe, expect, it } from 'vitest';
import type { Task } from '@contracts/tasks';
import { boardColumn, fileProgress, groupByColumn } from './board';

const task = (values: Partial<Task>): Task =>
  ({ id: 1, status: 'open', my_status: null, assignments: [], ...values }) as Task;
const unit = (status: Task['assignments'][number]['status']) =>
  ({ id: 1, status }) as Task['assignments'][number];

describe('the board', () => {
  it('places the caller’s own work by its status', () => {
    expect(boardColumn(task({ my_status: 'todo' }))).toBe('todo');
    expect(boardColumn(task({ my_status: 'submitted' }))).toBe('in_review');
    expect(boardColumn(task({ my_status: 'resubmitted' }))).toBe('in_review');
    expect(boardColumn(task({ my_status: 'returned' }))).toBe('returned');
    expect(boardColumn(task({ my_status: 'closed' }))).toBe('done');
  });

  it('places others’ tasks by everyone’s work, and closed tasks as done', () => {
    expect(boardColumn(task({ assignments: [unit('todo'), unit('submitted')] }))).toBe('in_review');
    expect(boardColumn(task({ assignments: [unit('closed'), unit('closed')] }))).toBe('done');
    expect(boardColumn(task({ assignments: [] }))).toBe('todo');
    expect(boardColumn(task({ status: 'closed', my_status: 'todo' }))).toBe('done');
    const groups = groupByColumn([task({ my_status: 'todo' }), task({ my_status: 'closed' })]);
    expect(groups.todo).toHaveLength(1);
    expect(groups.done).toHaveLength(1);
  });
});

describe('per-file upload progress', () => {
  it('fills the files one after another', () => {
    expect(fileProgress([100, 100], 0, 200)).toEqual([0, 0]);
    expect(fileProgress([100, 100], 150, 200)).toEqual([1, 0.5]);
    expect(fileProgress([100, 100], 200, 200)).toEqual([1, 1]);
  });

  it('spreads the form overhead so all files reach 100% at the end', () => {
    expect(fileProgress([100, 300], 440, 440)).toEqual([1, 1]);
    expect(fileProgress([100, 300], 110, 440)).toEqual([1, 0]);
  });
});
