import { date, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { GENERALIZED_STEPS, SCHEDULE_TYPES } from '../../../contracts/schedules';
import { personId, users } from './users';
import { workspaceId, workspaces } from './workspaces';
import { jsonList, serialId, timestampTz, timestamps, weakRef } from './columns';

export { GENERALIZED_STEPS, SCHEDULE_TYPES };

/** One weekly meeting of a schedule: weekday 0 (Sunday) to 6, times as HH:MM. */
export interface ScheduleSession {
  weekday: number;
  start_time: string;
  end_time: string;
}

/** When a workspace meets (spec 3 "Schedule", 7.6), e.g. a course's weekly classes. */
export const schedules = pgTable(
  'schedules',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    type: text('type', { enum: SCHEDULE_TYPES }).notNull().default('course'),
    name: text('name').notNull(),
    description: text('description'),
    location: text('location'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    sessions: jsonList<ScheduleSession>('sessions'),
    createdBy: weakRef('created_by', () => users.id),
    ...timestamps(),
    archivedAt: timestampTz('archived_at'),
  },
  (t) => [index('schedules_workspace_idx').on(t.workspaceId)],
);

/**
 * A generalized workspace being created in three steps (spec 2.5). Each step's answers are
 * kept as they were sent, so the person can leave and resume by id; completing it creates
 * the workspace and records its id here.
 */
export const workspaceDrafts = pgTable(
  'workspace_drafts',
  {
    id: serialId(),
    userId: personId('user_id'),
    basicInformation: jsonb('basic_information').$type<Record<string, unknown>>(),
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    schedule: jsonb('schedule').$type<Record<string, unknown> | null>(),
    /** The furthest step saved so far. */
    step: text('step', { enum: GENERALIZED_STEPS }).notNull().default('basic-information'),
    workspaceId: weakRef('workspace_id', () => workspaces.id),
    ...timestamps(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [index('workspace_drafts_user_idx').on(t.userId)],
);

export type ScheduleRow = typeof schedules.$inferSelect;
export type WorkspaceDraftRow = typeof workspaceDrafts.$inferSelect;
