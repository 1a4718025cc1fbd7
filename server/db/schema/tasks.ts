import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  REPORT_KINDS,
  TASK_STATUSES,
  TASK_TYPES,
  WORK_STATUSES,
  type TaskStatus,
  type WorkStatus,
} from '../../../contracts/tasks';
import { criteria } from './criteria';
import { teams } from './workspace-teams';
import { peopleOf, personId, users } from './users';
import { workspaceId } from './workspaces';
import {
  createdAt,
  jsonObject,
  optionalParentRef,
  parentRef,
  requiredRef,
  serialId,
  statusBeforeArchive,
  storedFile,
  timestampTz,
  timestamps,
  updatedAt,
  weakRef,
} from './columns';

// The names live in contracts/ so the client shares them; re-exported for server code.
export { REPORT_KINDS, TASK_STATUSES, TASK_TYPES, WORK_STATUSES, type TaskStatus, type WorkStatus };

/**
 * Tasks and subtasks (spec 3 "Task", "Subtask"): a subtask is a task with a parent. Only two
 * levels exist, so a parent never has a parent itself (enforced by the operations).
 * `type` says which call made it: `owner` (tasks-by-owner, or a subtask set by a manager) or
 * `member` (tasks-by-member, or a subtask an assignee set for their own unit).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    parentId: optionalParentRef('parent_id', (): AnyPgColumn => tasks.id),
    type: text('type', { enum: TASK_TYPES }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('open'),
    /** Where restore puts an archived task back (open or closed). */
    statusBeforeArchive: statusBeforeArchive(),
    startedAt: timestampTz('started_at'),
    /** The due date (spec calls it expired_at). */
    expiredAt: timestampTz('expired_at'),
    schema: jsonObject<{ color?: string }>('schema'),
    createdBy: requiredRef('created_by', () => users.id),
    ...timestamps(),
    closedAt: timestampTz('closed_at'),
    archivedAt: timestampTz('archived_at'),
  },
  (t) => [
    index('tasks_workspace_status_idx').on(t.workspaceId, t.status),
    index('tasks_parent_idx').on(t.parentId),
  ],
);

/** The people named to accept or return a task's work. */
export const taskReviewers = peopleOf('task_reviewers', 'taskId', 'task_id', () => tasks.id, {
  byPerson: true,
});

/**
 * One unit of work on a task: a person, or a team whose members share one submission. Each
 * unit moves through todo → submitted → (returned → resubmitted)* → closed on its own.
 */
export const taskAssignments = pgTable(
  'task_assignments',
  {
    id: serialId(),
    taskId: parentRef('task_id', () => tasks.id),
    userId: optionalParentRef('user_id', () => users.id),
    teamId: optionalParentRef('team_id', () => teams.id),
    status: text('status', { enum: WORK_STATUSES }).notNull().default('todo'),
    /** Who closed it: the assignee marking it done, or a reviewer accepting it. */
    closedBy: text('closed_by', { enum: ['assignee', 'reviewer'] }),
    numberOfReturned: integer('number_of_returned').notNull().default(0),
    /** The reviewers' feedback to this unit (spec "comment"). */
    comment: text('comment'),
    submittedAt: timestampTz('submitted_at'),
    closedAt: timestampTz('closed_at'),
    ...timestamps(),
  },
  (t) => [
    check('task_assignments_one_assignee', sql`(${t.userId} is null) <> (${t.teamId} is null)`),
    uniqueIndex('task_assignments_user_unique')
      .on(t.taskId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('task_assignments_team_unique')
      .on(t.taskId, t.teamId)
      .where(sql`${t.teamId} is not null`),
    // A task's units, for lists (the unique indexes above are partial, so they cannot serve it).
    index('task_assignments_task_idx').on(t.taskId),
    index('task_assignments_user_idx').on(t.userId),
    index('task_assignments_team_idx').on(t.teamId),
  ],
);

/**
 * What a unit hands in (spec "answers", each with a report id): a submission or resubmission
 * (with files) or a written answer.
 */
export const taskReports = pgTable(
  'task_reports',
  {
    id: serialId(),
    taskId: parentRef('task_id', () => tasks.id),
    assignmentId: parentRef('assignment_id', () => taskAssignments.id),
    authorId: requiredRef('author_id', () => users.id),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    body: text('body'),
    ...timestamps(),
  },
  (t) => [index('task_reports_task_idx').on(t.taskId, t.assignmentId)],
);

/**
 * Files in storage: handed in with a report, or attached to the task itself by whoever manages
 * it (report_id null). `storage_key` names the object in the file storage.
 */
export const taskFiles = pgTable(
  'task_files',
  {
    id: serialId(),
    taskId: parentRef('task_id', () => tasks.id),
    reportId: optionalParentRef('report_id', () => taskReports.id),
    uploadedBy: requiredRef('uploaded_by', () => users.id),
    ...storedFile(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('task_files_storage_key_unique').on(t.storageKey),
    index('task_files_task_idx').on(t.taskId),
    index('task_files_report_idx').on(t.reportId),
  ],
);

/** The tracking timeline: who did what to a task, and when. */
export const taskEvents = pgTable(
  'task_events',
  {
    id: serialId(),
    taskId: parentRef('task_id', () => tasks.id),
    assignmentId: weakRef('assignment_id', () => taskAssignments.id),
    actorId: weakRef('actor_id', () => users.id),
    action: text('action').notNull(),
    details: jsonObject('details'),
    createdAt: createdAt(),
  },
  (t) => [index('task_events_task_idx').on(t.taskId, t.id)],
);

/** Tags on a task: criteria of type task (spec 3 "Tag (called criteria)"). */
export const taskTags = pgTable(
  'task_tags',
  {
    taskId: parentRef('task_id', () => tasks.id),
    tagId: parentRef('tag_id', () => criteria.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.tagId] }), index('task_tags_tag_idx').on(t.tagId)],
);

/**
 * Key results a task contributes to. Only the ids are kept for now; the OKR module owns key
 * results and will add the foreign key when its table exists.
 */
export const taskKeyResults = pgTable(
  'task_key_results',
  {
    taskId: parentRef('task_id', () => tasks.id),
    keyResultId: integer('key_result_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.keyResultId] })],
);

/**
 * A person's choice about one reminder (spec 7.16 update-setting): dismissed for good, or
 * hidden until `snoozed_until`.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: personId('user_id'),
    referenceType: text('reference_type', { enum: ['task', 'assessment'] }).notNull(),
    referenceId: integer('reference_id').notNull(),
    snoozedUntil: timestampTz('snoozed_until'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.referenceType, t.referenceId] })],
);

export type TaskRow = typeof tasks.$inferSelect;
export type TaskAssignmentRow = typeof taskAssignments.$inferSelect;
export type TaskReportRow = typeof taskReports.$inferSelect;
export type TaskFileRow = typeof taskFiles.$inferSelect;
export type TaskEventRow = typeof taskEvents.$inferSelect;
