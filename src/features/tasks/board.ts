import type { Task } from '@contracts/tasks';

/** The board's columns (spec 2.10 "board"), in the order work moves through them. */
export const BOARD_COLUMNS = ['todo', 'returned', 'in_review', 'done'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/**
 * Where a task sits on the caller's board: by their own work when they have some (as in
 * Asana's "My tasks"), otherwise by where the work of everyone stands.
 */
export function boardColumn(task: Task): BoardColumn {
  if (task.status !== 'open') return 'done';
  switch (task.my_status) {
    case 'todo':
      return 'todo';
    case 'returned':
      return 'returned';
    case 'submitted':
    case 'resubmitted':
      return 'in_review';
    case 'closed':
      return 'done';
    default: {
      const units = task.assignments;
      if (units.length > 0 && units.every((u) => u.status === 'closed')) return 'done';
      if (units.some((u) => u.status === 'submitted' || u.status === 'resubmitted')) {
        return 'in_review';
      }
      return 'todo';
    }
  }
}

export function groupByColumn(tasks: readonly Task[]): Record<BoardColumn, Task[]> {
  const groups = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as Task[]])) as Record<
    BoardColumn,
    Task[]
  >;
  for (const task of tasks) groups[boardColumn(task)].push(task);
  return groups;
}

/** Bytes sent so far of each file in a multipart upload, from the request's overall progress. */
export function fileProgress(sizes: readonly number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  // The form adds headers and boundaries: spread that overhead evenly over the files' bytes.
  const scale = total > 0 && sum > 0 ? sum / total : 1;
  let offset = 0;
  return sizes.map((size) => {
    const sent = Math.min(Math.max(loaded * scale - offset, 0), size);
    offset += size;
    return size === 0 ? (loaded >= total ? 1 : 0) : sent / size;
  });
}
