import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  TEAM_MEMBER_ROLES,
  TEAM_REQUEST_STATUSES,
  TEAM_REQUEST_TYPES,
} from '../../../contracts/workspace-teams';
import { personId, users } from './users';
import { workspaceId, workspaces } from './workspaces';
import {
  createdAt,
  parentKey,
  parentRef,
  serialId,
  timestampNow,
  timestampTz,
  timestamps,
  weakRef,
} from './columns';

/**
 * Teams of a workspace (spec 3 "Team", 7.3). A deleted team keeps its row with `deleted_at`
 * set and is left out of every active list; read active teams with `deleted_at is null`.
 */
export const teams = pgTable(
  'teams',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    name: text('name').notNull(),
    description: text('description'),
    avatarUrl: text('avatar_url'),
    /** Made by a member for themselves (spec "selfTeam"), not by an owner or a formation run. */
    selfTeam: boolean('self_team').notNull().default(false),
    /** Members may sign up straight into the team (subscribing-by-member) while it has room. */
    subscribable: boolean('subscribable').notNull().default(false),
    /** Upper bound on members for sign-ups and invitations; null means no bound. */
    maxMembers: integer('max_members'),
    /** The team-formation run that proposed this team, when it came from one. */
    formationRunId: weakRef('formation_run_id', () => teamFormationRuns.id),
    createdBy: weakRef('created_by', () => users.id),
    ...timestamps(),
    deletedAt: timestampTz('deleted_at'),
  },
  (t) => [index('teams_workspace_idx').on(t.workspaceId)],
);

/**
 * Who is in which team. A person is in at most one active team per workspace (spec 4: "the
 * user has a team or not"); `workspace_id` is copied here so the database enforces that.
 * Leaving or being removed deletes the row; deleting the team stamps its rows' `deleted_at`
 * so the history stays readable.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: serialId(),
    teamId: parentRef('team_id', () => teams.id),
    workspaceId: workspaceId('workspace_id'),
    userId: personId('user_id'),
    role: text('role', { enum: TEAM_MEMBER_ROLES }).notNull().default('member'),
    joinedAt: timestampNow('joined_at'),
    deletedAt: timestampTz('deleted_at'),
  },
  (t) => [
    uniqueIndex('team_members_one_team_per_workspace')
      .on(t.workspaceId, t.userId)
      .where(sql`${t.deletedAt} is null`),
    index('team_members_team_idx').on(t.teamId),
    index('team_members_user_idx').on(t.userId),
  ],
);

/**
 * A person asking to join a team, or a team inviting a person. `user_id` is always the person
 * who would join; `created_by` the one who asked.
 */
export const teamRequests = pgTable(
  'team_requests',
  {
    id: serialId(),
    teamId: parentRef('team_id', () => teams.id),
    workspaceId: workspaceId('workspace_id'),
    userId: personId('user_id'),
    type: text('type', { enum: TEAM_REQUEST_TYPES }).notNull(),
    status: text('status', { enum: TEAM_REQUEST_STATUSES }).notNull().default('pending'),
    message: text('message'),
    createdBy: personId('created_by'),
    answeredBy: weakRef('answered_by', () => users.id),
    answeredAt: timestampTz('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_requests_one_pending')
      .on(t.teamId, t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('team_requests_user_idx').on(t.userId),
  ],
);

export const TEAM_FORMATION_STATUSES = [
  'queued',
  'running',
  'done',
  'failed',
  'confirmed',
  'dropped',
] as const;
export type TeamFormationStatus = (typeof TEAM_FORMATION_STATUSES)[number];

/**
 * One team-formation run (spec 4 "Random team formation"): started with a token, computed off
 * the request path, polled from any process, then confirmed into real teams. `request` is the
 * engine input as sent, `result` the engine's answer.
 */
export const teamFormationRuns = pgTable(
  'team_formation_runs',
  {
    id: serialId(),
    token: uuid('token')
      .notNull()
      .default(sql`gen_random_uuid()`),
    workspaceId: workspaceId('workspace_id'),
    status: text('status', { enum: TEAM_FORMATION_STATUSES }).notNull().default('queued'),
    /** What the owner asked for, in API words (strategy, sizes, groups, pairs). */
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    /** The engine input built from the members' profiles at start. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    /** Share of the engine's work done while it runs (0 to 1); null before it starts. */
    progress: real('progress'),
    createdBy: weakRef('created_by', () => users.id),
    createdAt: createdAt(),
    startedAt: timestampTz('started_at'),
    finishedAt: timestampTz('finished_at'),
    confirmedAt: timestampTz('confirmed_at'),
    confirmedBy: weakRef('confirmed_by', () => users.id),
  },
  (t) => [
    uniqueIndex('team_formation_runs_token_unique').on(t.token),
    index('team_formation_runs_workspace_idx').on(t.workspaceId),
  ],
);

/**
 * Workspaces their owner published to the team generator (spec 7.8): anyone signed in may
 * browse them and copy their set-up into a workspace of their own.
 */
export const publicWorkspaces = pgTable('public_workspaces', {
  workspaceId: parentKey('workspace_id', () => workspaces.id),
  summary: text('summary'),
  publishedBy: weakRef('published_by', () => users.id),
  publishedAt: timestampNow('published_at'),
});

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamRequestRow = typeof teamRequests.$inferSelect;
export type TeamFormationRunRow = typeof teamFormationRuns.$inferSelect;
