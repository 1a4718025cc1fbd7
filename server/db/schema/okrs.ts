import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CHECK_IN_STATUSES, KEY_RESULT_KINDS, OBJECTIVE_STATUSES } from '../../../contracts/okrs';
import { criteria } from './criteria';
import { peopleOf, users } from './users';
import { workspaceId } from './workspaces';
import {
  createdAt,
  optionalParentRef,
  parentRef,
  serialId,
  statusBeforeArchive,
  timestampTz,
  timestamps,
  weakRef,
} from './columns';

/** Positions of a workspace's org chart (spec 3 "Org chart node"): a tree by parent. */
export const orgPositions = pgTable(
  'org_positions',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    parentId: weakRef('parent_id', (): AnyPgColumn => orgPositions.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('org_positions_workspace_idx').on(t.workspaceId)],
);

/** Objectives (spec 3 "Objective"). */
export const objectives = pgTable(
  'objectives',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status', { enum: OBJECTIVE_STATUSES }).notNull().default('open'),
    statusBeforeArchive: statusBeforeArchive(),
    orgPositionId: weakRef('org_position_id', () => orgPositions.id),
    startedAt: timestampTz('started_at'),
    endedAt: timestampTz('ended_at'),
    checkInEveryDays: integer('check_in_every_days'),
    createdBy: weakRef('created_by', () => users.id),
    ...timestamps(),
  },
  (t) => [index('objectives_workspace_idx').on(t.workspaceId, t.status)],
);

export const objectiveOwners = peopleOf(
  'objective_owners',
  'objectiveId',
  'objective_id',
  () => objectives.id,
  {
    byPerson: false,
  },
);

export const objectiveTags = pgTable(
  'objective_tags',
  {
    objectiveId: parentRef('objective_id', () => objectives.id),
    tagId: parentRef('tag_id', () => criteria.id),
  },
  (t) => [primaryKey({ columns: [t.objectiveId, t.tagId] })],
);

/** Key results (spec 3 "Key result"): the current value and status follow the check-ins. */
export const keyResults = pgTable(
  'key_results',
  {
    id: serialId(),
    objectiveId: parentRef('objective_id', () => objectives.id),
    workspaceId: workspaceId('workspace_id'),
    name: text('name').notNull(),
    kind: text('kind', { enum: KEY_RESULT_KINDS }).notNull(),
    startValue: doublePrecision('start_value').notNull().default(0),
    targetValue: doublePrecision('target_value').notNull().default(1),
    currentValue: doublePrecision('current_value').notNull().default(0),
    unit: text('unit'),
    weight: doublePrecision('weight').notNull().default(1),
    status: text('status', { enum: CHECK_IN_STATUSES }),
    confidence: integer('confidence'),
    orgPositionId: weakRef('org_position_id', () => orgPositions.id),
    lastCheckInAt: timestampTz('last_check_in_at'),
    /** The owner chose that its value follows its linked tasks as they are done. */
    progressFromTasks: boolean('progress_from_tasks').notNull().default(false),
    createdBy: weakRef('created_by', () => users.id),
    ...timestamps(),
  },
  (t) => [
    index('key_results_objective_idx').on(t.objectiveId),
    index('key_results_workspace_idx').on(t.workspaceId),
  ],
);

export const keyResultOwners = peopleOf(
  'key_result_owners',
  'keyResultId',
  'key_result_id',
  () => keyResults.id,
  {
    byPerson: false,
  },
);

/** Check-ins on a key result (spec: answers, each with a report id). */
export const keyResultAnswers = pgTable(
  'key_result_answers',
  {
    id: serialId(),
    keyResultId: parentRef('key_result_id', () => keyResults.id),
    value: doublePrecision('value').notNull(),
    status: text('status', { enum: CHECK_IN_STATUSES }),
    confidence: integer('confidence'),
    note: text('note'),
    /** Made by Teamloop when a linked task was done or undone, not by a person. */
    fromTasks: boolean('from_tasks').notNull().default(false),
    createdBy: weakRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('key_result_answers_kr_idx').on(t.keyResultId, t.createdAt)],
);

/** Check-ins on the objective as a whole (spec 7.2 objectives/:id/answer). */
export const objectiveAnswers = pgTable(
  'objective_answers',
  {
    id: serialId(),
    objectiveId: parentRef('objective_id', () => objectives.id),
    status: text('status', { enum: CHECK_IN_STATUSES }),
    confidence: integer('confidence'),
    note: text('note'),
    createdBy: weakRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('objective_answers_objective_idx').on(t.objectiveId)],
);

/**
 * An objective aligned under a parent objective or a parent key result, with the weight its
 * progress carries upwards. Exactly one parent column is set.
 */
export const objectiveAlignments = pgTable(
  'objective_alignments',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    objectiveId: parentRef('objective_id', () => objectives.id),
    parentObjectiveId: optionalParentRef('parent_objective_id', () => objectives.id),
    parentKeyResultId: optionalParentRef('parent_key_result_id', () => keyResults.id),
    weight: doublePrecision('weight').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('objective_alignments_workspace_idx').on(t.workspaceId),
    index('objective_alignments_objective_idx').on(t.objectiveId),
  ],
);

export type OrgPositionRow = typeof orgPositions.$inferSelect;
export type ObjectiveRow = typeof objectives.$inferSelect;
export type KeyResultRow = typeof keyResults.$inferSelect;
export type KeyResultAnswerRow = typeof keyResultAnswers.$inferSelect;
export type ObjectiveAlignmentRow = typeof objectiveAlignments.$inferSelect;
