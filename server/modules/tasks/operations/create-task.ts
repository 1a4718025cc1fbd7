import type { MessageRef } from '../../../http/errors';
import { validationFailed } from '../../../http/errors';
import type { DbOrTx, Tx } from '../../../db/client';
import {
  taskAssignments,
  taskKeyResults,
  taskReviewers,
  tasks,
  taskTags,
  type TaskRow,
} from '../../../db/schema';
import { asChoices, defaultReviewerIds, type TaskChoices } from '../choices';
import { deadlineChanged } from '../deadline-reminders';
import { notifyAboutTask } from '../notify';
import { loadTeams } from '../people';
import { track } from '../tracking';
import { tagsExist } from '../../../core/workspace-ids';

export interface TaskDraft {
  name: string;
  description?: string | null;
  started_at?: string | null;
  expired_at?: string | null;
  schema?: { color?: string };
  tag_ids?: number[];
  key_result_ids?: number[];
}

export interface NewTask {
  workspaceId: number;
  parentId: number | null;
  type: TaskRow['type'];
  createdBy: number;
  draft: TaskDraft;
  userIds: number[];
  teamIds: number[];
  reviewerIds: number[];
}

/** Who may be named on a task, worked out by the caller for the call being made. */
export interface Choices {
  userIds: ReadonlySet<number>;
  teamIds: ReadonlySet<number>;
  reviewerIds: ReadonlySet<number>;
  /** People in the chosen teams: they cannot review their own work either. */
  teamMemberIds?: ReadonlySet<number>;
}

const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** 422 with every field that is wrong, before anything is written. */
export function checkDates(
  startedAt: Date | null | undefined,
  expiredAt: Date | null | undefined,
): Record<string, MessageRef[]> {
  if (startedAt && expiredAt && expiredAt < startedAt) {
    return { expired_at: [{ key: 'tasks:messages.due_before_start' }] };
  }
  return {};
}

export async function validateNewTask(db: DbOrTx, task: NewTask, choices: Choices) {
  const problems: Record<string, MessageRef[]> = {};
  const fail = (field: string, key: string) =>
    (problems[field] = [{ key: `tasks:messages.${key}` }]);
  if (task.userIds.some((id) => !choices.userIds.has(id))) fail('user_ids', 'user_not_assignable');
  if (task.teamIds.some((id) => !choices.teamIds.has(id))) fail('team_ids', 'team_not_assignable');
  if (task.reviewerIds.some((id) => !choices.reviewerIds.has(id))) {
    fail('reviewer_ids', 'reviewer_not_allowed');
  } else if (
    task.reviewerIds.some((id) => task.userIds.includes(id) || choices.teamMemberIds?.has(id))
  ) {
    fail('reviewer_ids', 'reviewer_is_assignee');
  }
  const expiredAt = date(task.draft.expired_at);
  Object.assign(problems, checkDates(date(task.draft.started_at), expiredAt));
  if (expiredAt && expiredAt < new Date()) fail('expired_at', 'due_in_past');
  if (
    task.draft.tag_ids?.length &&
    !(await tagsExist(db, task.workspaceId, 'task', task.draft.tag_ids))
  ) {
    fail('tag_ids', 'tag_unknown');
  }
  if (Object.keys(problems).length) throw validationFailed(problems);
}

/** Writes the task with its units, reviewers, tags and key results: call inside one transaction. */
export async function createTask(tx: Tx, task: NewTask): Promise<TaskRow> {
  const { draft } = task;
  const [row] = await tx
    .insert(tasks)
    .values({
      workspaceId: task.workspaceId,
      parentId: task.parentId,
      type: task.type,
      name: draft.name,
      description: draft.description ?? null,
      startedAt: date(draft.started_at) ?? null,
      expiredAt: date(draft.expired_at) ?? null,
      schema: draft.schema ?? {},
      createdBy: task.createdBy,
    })
    .returning();
  const userIds = [...new Set(task.userIds)];
  const teamIds = [...new Set(task.teamIds)];
  const units = [
    ...userIds.map((userId) => ({ taskId: row.id, userId })),
    ...teamIds.map((teamId) => ({ taskId: row.id, teamId })),
  ];
  if (units.length) await tx.insert(taskAssignments).values(units);
  const reviewerIds = [...new Set(task.reviewerIds)];
  if (reviewerIds.length) {
    await tx
      .insert(taskReviewers)
      .values(reviewerIds.map((userId) => ({ taskId: row.id, userId })));
  }
  const tagIds = [...new Set(draft.tag_ids ?? [])];
  if (tagIds.length)
    await tx.insert(taskTags).values(tagIds.map((tagId) => ({ taskId: row.id, tagId })));
  const keyResultIds = [...new Set(draft.key_result_ids ?? [])];
  if (keyResultIds.length) {
    await tx
      .insert(taskKeyResults)
      .values(keyResultIds.map((keyResultId) => ({ taskId: row.id, keyResultId })));
  }
  await track(tx, {
    taskId: row.id,
    actorId: task.createdBy,
    action: 'created',
    details: { user_ids: userIds, team_ids: teamIds, reviewer_ids: reviewerIds },
  });
  const teams = await loadTeams(tx, { teamIds });
  const people = [...userIds, ...teams.flatMap((team) => team.members.map((m) => m.id))];
  await notifyAboutTask(tx, row, 'task_assigned', people, task.createdBy);
  await deadlineChanged(tx, row);
  if (task.parentId !== null) {
    await track(tx, {
      taskId: task.parentId,
      actorId: task.createdBy,
      action: 'subtask_created',
      details: { subtask_id: row.id, name: row.name },
    });
  }
  return row;
}

/**
 * Creates a task of `scope` (or a subtask) for the chosen people and teams, checked against
 * `choices`; the reviewers named, or else the defaults for those people.
 */
export async function createChosen(
  db: DbOrTx,
  scope: Omit<NewTask, 'draft' | 'userIds' | 'teamIds' | 'reviewerIds'>,
  choices: TaskChoices,
  body: TaskDraft & { reviewer_ids?: number[] },
  userIds: number[],
  teamIds: number[],
) {
  const draft = {
    ...scope,
    draft: body,
    userIds,
    teamIds,
    reviewerIds: body.reviewer_ids ?? defaultReviewerIds(choices, userIds, teamIds),
  };
  await validateNewTask(db, draft, asChoices(choices, teamIds));
  return db.transaction((tx) => createTask(tx, draft));
}
