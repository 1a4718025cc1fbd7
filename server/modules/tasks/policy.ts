import type { TaskAbilities, TaskStatus, WorkStatus } from '@contracts/tasks';
import { can, type Permission } from '../../auth/permissions';

/**
 * Who may do what to one task: workspace permissions (through `can`, spec 6) combined with
 * the caller's place on the task (assignee, reviewer, creator). The API returns the result
 * as the task's `permissions`; routes check the same answers. docs/decisions/tasks-rules.md.
 */
export interface TaskFacts {
  kind: 'task' | 'subtask';
  type: 'owner' | 'member';
  status: TaskStatus;
  createdBy: number;
  hasReviewers: boolean;
}

export interface ViewerFacts {
  userId: number;
  isSupervisor: boolean;
  permissions: readonly string[];
  isReviewer: boolean;
  /** The caller's own units of work on this task (personal, or through their team). */
  units: readonly { status: WorkStatus; closedBy: 'assignee' | 'reviewer' | null }[];
}

const HANDED_IN: readonly WorkStatus[] = ['submitted', 'returned', 'resubmitted'];

export function reportPermission(kind: TaskFacts['kind']): Permission {
  return kind === 'task' ? 'view_task_submission_report' : 'view_subtask_submission_report';
}

/** The caller's standing on a task, apart from where its work stands: 403 when missing. */
export interface TaskRoles {
  /** May change, archive and delete it: a task manager, or the member who made it. */
  manage: boolean;
  review: boolean;
  viewReport: boolean;
  /** Has work of their own on it and may hand work in. */
  work: boolean;
}

export function taskRoles(task: TaskFacts, viewer: ViewerFacts): TaskRoles {
  const has = (permission: Permission) => can(viewer, permission);
  const ownTask =
    task.type === 'member' &&
    task.createdBy === viewer.userId &&
    has(task.kind === 'task' ? 'create_task_as_member' : 'submit_tasks');
  return {
    manage: has('manage_tasks') || ownTask,
    review: viewer.isReviewer || has('review_tasks'),
    viewReport: viewer.isReviewer || has(reportPermission(task.kind)),
    work: has('submit_tasks') && viewer.units.length > 0,
  };
}

/** The buttons to show: the caller's standing combined with where the task and work stand. */
export function taskAbilities(task: TaskFacts, viewer: ViewerFacts): TaskAbilities {
  const roles = taskRoles(task, viewer);
  const live = task.status !== 'archived';
  const working = task.status === 'open' && roles.work;
  const units = viewer.units;
  return {
    update: live && roles.manage,
    delete: roles.manage,
    archive: live && roles.manage,
    restore: !live && roles.manage,
    review: live && roles.review,
    view_report: roles.viewReport,
    submit: working && units.some((u) => u.status === 'todo'),
    resubmit: working && units.some((u) => HANDED_IN.includes(u.status)),
    answer: working && units.some((u) => u.status !== 'closed'),
    // With reviewers named, done means accepted by one of them (as an approval in Asana).
    close_by_assignee: working && !task.hasReviewers && units.some((u) => u.status !== 'closed'),
    open_by_assignee:
      working && units.some((u) => u.status === 'closed' && u.closedBy === 'assignee'),
    create_subtask: live && task.kind === 'task' && (roles.manage || roles.work),
    move: live && roles.manage,
  };
}

/** A person's work counts as handed in once submitted, until it is returned. */
export function isHandedIn(status: WorkStatus): boolean {
  return status === 'submitted' || status === 'resubmitted' || status === 'closed';
}
