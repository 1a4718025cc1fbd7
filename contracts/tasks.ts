import { z } from 'zod';
import { person } from './people';
import { pageMeta, wholeListPageQuery, rowId, rowIdText } from './common';
import { TASK_SORTS, TODO_KINDS } from './constants';

export { TASK_SORTS, TODO_KINDS };

/** Tasks and subtasks (spec 3 "Task", 4, 7.4, 7.5, 7.16): the shapes both sides share. */

export const TASK_TYPES = ['owner', 'member'] as const;
export const TASK_STATUSES = ['open', 'closed', 'archived'] as const;
export const REPORT_KINDS = ['submission', 'resubmission', 'answer'] as const;
/** Where one unit of work stands (a person, or a team handing in together). */
export const WORK_STATUSES = ['todo', 'submitted', 'returned', 'resubmitted', 'closed'] as const;
export const taskStatus = z.enum(TASK_STATUSES);
export const workStatus = z.enum(WORK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatus>;
export type WorkStatus = z.infer<typeof workStatus>;

const id = z.number().int();
const ids = z.array(rowIdText).max(200);
const timestamp = z.string();
const name = z.string().trim().min(1).max(200);
const description = z.string().max(10_000).nullable();
const comment = z.string().trim().max(5_000);
const when = z.iso.datetime({ offset: true }).nullable();
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const taskTeam = z.object({ id, name: z.string(), members: z.array(person) });
export type TaskTeam = z.infer<typeof taskTeam>;

export const tag = z.object({
  id,
  workspace_id: id,
  type: z.enum(['task', 'objective']),
  name: z.string(),
  color: z.string().nullable(),
});
export type Tag = z.infer<typeof tag>;

export const assignment = z.object({
  id,
  user: person.nullable(),
  team: taskTeam.nullable(),
  status: workStatus,
  closed_by: z.enum(['assignee', 'reviewer']).nullable(),
  number_of_returned: z.number().int(),
  comment: z.string().nullable(),
  submitted_at: timestamp.nullable(),
  closed_at: timestamp.nullable(),
  /** The caller's own work (theirs or their team's): nobody reviews it themselves. */
  is_mine: z.boolean(),
});
export type Assignment = z.infer<typeof assignment>;

/** What the caller may do with this task: the client shows buttons from this, never from roles. */
export const taskAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  archive: z.boolean(),
  restore: z.boolean(),
  review: z.boolean(),
  view_report: z.boolean(),
  submit: z.boolean(),
  resubmit: z.boolean(),
  answer: z.boolean(),
  close_by_assignee: z.boolean(),
  open_by_assignee: z.boolean(),
  create_subtask: z.boolean(),
  move: z.boolean(),
});
export type TaskAbilities = z.infer<typeof taskAbilities>;

export const task = z.object({
  id,
  workspace_id: id,
  kind: z.enum(['task', 'subtask']),
  parent: z.object({ id, name: z.string() }).nullable(),
  type: z.enum(TASK_TYPES),
  name: z.string(),
  description: z.string().nullable(),
  status: taskStatus,
  started_at: timestamp.nullable(),
  expired_at: timestamp.nullable(),
  is_overdue: z.boolean(),
  schema: z.object({ color: z.string().optional() }),
  created_by: person,
  created_at: timestamp,
  updated_at: timestamp,
  closed_at: timestamp.nullable(),
  archived_at: timestamp.nullable(),
  /** People assigned one by one. */
  users: z.array(person),
  teams: z.array(taskTeam),
  reviewers: z.array(person),
  /** The workspace's default reviewers (spec 3), preselected when none were chosen. */
  default_reviewers: z.array(person),
  tags: z.array(tag),
  key_results: z.array(id),
  /** Every unit for reviewers and report readers; only the caller's own units for others. */
  assignments: z.array(assignment),
  /** The caller's own unit, when they have one. */
  my_assignment_id: id.nullable(),
  my_status: workStatus.nullable(),
  /** The reviewers' feedback to the caller's unit. */
  comment: z.string().nullable(),
  /** Returns of the caller's unit, or of all units for reviewers and report readers. */
  number_of_returned: z.number().int(),
  subtask_count: z.number().int(),
  /** Share of assigned people whose work is handed in; -1 without the report permission. */
  submitted_percentage: z.number().int().min(-1).max(100),
  /** Assignable people of the workspace in no team, when the task is given to teams. */
  users_dont_have_team_count: z.number().int(),
  permissions: taskAbilities,
});
export type Task = z.infer<typeof task>;

export const taskCounts = z.object({
  open: z.number().int(),
  closed: z.number().int(),
  archived: z.number().int(),
});

export const taskListQuery = z.object({
  status: taskStatus.default('open'),
  sort: z.enum(TASK_SORTS).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  tag_id: rowIdText.optional(),
  ...wholeListPageQuery.shape,
});
export const taskList = z.object({ tasks: z.array(task), counts: taskCounts, meta: pageMeta });

export const taskSearchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  workspace_id: rowIdText.optional(),
});
export const taskItems = z.object({ tasks: z.array(task) });
export const taskResource = z.object({ task });

const taskFields = {
  name,
  description: description.optional(),
  started_at: when.optional(),
  expired_at: when.optional(),
  schema: z.object({ color: hexColor.optional() }).strict().optional(),
  tag_ids: ids.optional(),
  key_result_ids: ids.optional(),
  /** Omitted: the default reviewers. An empty list: nobody in particular. */
  reviewer_ids: ids.optional(),
};

export const createTaskByOwnerBody = z
  .object({ ...taskFields, user_ids: ids.default([]), team_ids: ids.default([]) })
  .strict();
/** A member's own task: it is theirs (or, with `for_my_team`, their team's). */
export const createTaskByMemberBody = z
  .object({ ...taskFields, for_my_team: z.boolean().default(false) })
  .strict();
export type CreateTaskByOwnerBody = z.infer<typeof createTaskByOwnerBody>;
export type CreateTaskByMemberBody = z.infer<typeof createTaskByMemberBody>;

export const updateTaskBody = z
  .object({
    name,
    description,
    started_at: when,
    expired_at: when,
    reviewer_ids: ids,
    team_ids: ids,
  })
  .partial()
  .strict();
export type UpdateTaskBody = z.infer<typeof updateTaskBody>;

export const createSubtaskBody = z
  .object({
    ...taskFields,
    user_ids: ids.default([]),
    team_ids: ids.default([]),
  })
  .strict();
export const createSubtaskForAllBody = z.object(taskFields).strict();
export type CreateSubtaskBody = z.infer<typeof createSubtaskBody>;

export const schemaBody = z.object({ schema: z.object({ color: hexColor }).strict() }).strict();
export const tagIdsBody = z.object({ tag_ids: ids }).strict();
export const keyResultIdsBody = z.object({ key_result_ids: ids }).strict();
export const targetTaskBody = z.object({ task_id: rowId }).strict();

/** Which unit an action is about; needed only when the caller has more than one. */
export const unitBody = z.object({ assignment_id: rowId.optional() }).strict().default({});
export const reviewBody = z
  .object({
    /** Omitted: the whole task (close or reopen it); given: one unit's work. */
    assignment_id: rowId.optional(),
    comment: comment.optional(),
  })
  .strict()
  .default({});
export const commentBody = z.object({ assignment_id: rowId, comment: comment.nullable() }).strict();
export const answerBody = z
  .object({
    body: z.string().trim().min(1).max(20_000),
    assignment_id: rowId.optional(),
  })
  .strict();
export const editAnswerBody = z.object({ body: z.string().trim().min(1).max(20_000) }).strict();
export const reminderBody = z.object({ user_id: rowId }).strict();
/** The text fields of the submit/resubmit multipart form (files come alongside). */
export const submitFields = z
  .object({
    answer: z.string().trim().max(20_000).optional(),
    assignment_id: rowIdText.optional(),
  })
  .strict();
export const taskFilesFields = z
  .object({
    remove_file_ids: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .optional(),
  })
  .strict();
export const editFileFields = z
  .object({ name: z.string().trim().min(1).max(200).optional() })
  .strict();

export const taskParams = z.object({ id: rowIdText });
export const reportParams = taskParams.extend({ report: rowIdText });
export const userParams = taskParams.extend({ user: rowIdText });
export const fileParams = taskParams.extend({ file: rowIdText });

export const taskFile = z.object({
  id,
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  report_id: id.nullable(),
  uploaded_by: person,
  created_at: timestamp,
  updated_at: timestamp,
});
export type TaskFile = z.infer<typeof taskFile>;
export const taskFileList = z.object({ files: z.array(taskFile) });

export const report = z.object({
  id,
  assignment_id: id,
  kind: z.enum(REPORT_KINDS),
  body: z.string().nullable(),
  author: person,
  files: z.array(taskFile),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Report = z.infer<typeof report>;
export const answersQuery = z.object({
  assignment_id: rowIdText.optional(),
});
export const reportList = z.object({ answers: z.array(report) });
export const reportResource = z.object({ answer: report });

export const trackingEvent = z.object({
  id,
  action: z.string(),
  actor: person.nullable(),
  assignment_id: id.nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: timestamp,
});
export type TrackingEvent = z.infer<typeof trackingEvent>;
export const tracking = z.object({ events: z.array(trackingEvent) });

/** The submission report: one row per assigned person. */
export const submissionReport = z.object({
  submitted_percentage: z.number().int().min(0).max(100),
  people: z.array(
    z.object({
      user: person,
      team: z.object({ id, name: z.string() }).nullable(),
      assignment_id: id,
      status: workStatus,
      submitted_at: timestamp.nullable(),
      number_of_returned: z.number().int(),
    }),
  ),
});
export type SubmissionReport = z.infer<typeof submissionReport>;

export const people = z.object({ users: z.array(person) });
export const teamsList = z.object({
  teams: z.array(taskTeam),
  users_dont_have_team_count: z.number().int(),
});
export const reviewerChoices = z.object({
  all_reviewers: z.array(person),
  default_reviewers: z.array(person),
});
export const moveTargets = z.object({ tasks: z.array(z.object({ id, name: z.string() })) });
export const subtaskList = z.object({ subtasks: z.array(task) });
export const subtasksUsers = z.object({
  users: z.array(
    z.object({
      user: person,
      subtasks: z.array(z.object({ id, name: z.string(), status: workStatus })),
    }),
  ),
});

export const tagQuery = z.object({
  workspace_id: rowIdText,
  type: z.enum(['task', 'objective']).default('task'),
});
export const createTagBody = z
  .object({
    workspace_id: rowId,
    type: z.enum(['task', 'objective']).default('task'),
    name: z.string().trim().min(1).max(100),
    color: hexColor.nullable().default(null),
  })
  .strict();
export const updateTagBody = z
  .object({ name: z.string().trim().min(1).max(100), color: hexColor.nullable() })
  .partial()
  .strict();
export const tagList = z.object({ tags: z.array(tag) });
export const tagResource = z.object({ tag });

/** Spec 3 "Reminder". */
export const reminder = z.object({
  is: z.enum(['task', 'assessment']),
  id,
  name: z.string(),
  workspace_id: id,
  parent_id: id.nullable(),
  expired_at: timestamp,
  is_overdue: z.boolean(),
});
export type Reminder = z.infer<typeof reminder>;
export const reminders = z.object({
  assessments: z.array(reminder),
  tasks: z.array(reminder),
});
export const reminderSettingBody = z
  .object({
    is: z.enum(['task', 'assessment']),
    id: rowId,
    /** Hide it until then; omitted or null hides it for good. */
    snoozed_until: when.optional(),
  })
  .strict();

export const deadlinesQuery = z.object({
  workspace_id: rowIdText.optional(),
  user_id: rowIdText.optional(),
});
export const deadline = z.object({
  id,
  name: z.string(),
  kind: z.enum(['task', 'subtask']),
  parent_id: id.nullable(),
  workspace_id: id,
  workspace_name: z.string(),
  expired_at: timestamp,
  is_overdue: z.boolean(),
  status: workStatus,
});
export type Deadline = z.infer<typeof deadline>;
export const deadlines = z.object({ deadlines: z.array(deadline) });

export const myWorkQuery = z.object({
  workspace_id: rowIdText.optional(),
});

/**
 * What a person has to do (issue 28): work to hand in, work to review, 360s to answer and
 * objective check-ins, each with its due date (or none), from every area that sets work.
 * My work and a workspace's "Tasks and assessments" list it.
 */
export type TodoKind = (typeof TODO_KINDS)[number];
export const todoItem = z.object({
  kind: z.enum(TODO_KINDS),
  /** The task, subtask, assessment or objective. */
  id,
  name: z.string(),
  workspace_id: id,
  workspace_name: z.string(),
  /** Where to do it, a path in the app. */
  link: z.string(),
  expired_at: timestamp.nullable(),
  is_overdue: z.boolean(),
  /** Tasks: the caller's work status (hand in); how many units wait for the caller (review). */
  status: workStatus.nullable(),
  waiting: z.number().int().nullable(),
});
export type TodoItem = z.infer<typeof todoItem>;
export const todoQuery = z.object({ workspace_id: rowIdText.optional() });
export const todoList = z.object({ items: z.array(todoItem) });
