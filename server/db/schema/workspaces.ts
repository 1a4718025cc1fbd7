import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  QUESTION_TYPES,
  WORKSPACE_ROLES,
  WORKSPACE_STATUSES,
  WORKSPACE_TYPES,
} from '../../../contracts/workspaces';
import { personId, users } from './users';
import {
  createdAt,
  jsonList,
  jsonObject,
  parentRef,
  requiredRef,
  serialId,
  statusBeforeArchive,
  timestampNow,
  timestampTz,
  timestamps,
  weakRef,
} from './columns';

// The names live in contracts/ so the client shares them; re-exported for server code.
export { QUESTION_TYPES, WORKSPACE_ROLES, WORKSPACE_STATUSES, WORKSPACE_TYPES };
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** A workspace's id on a row that goes with it: removed when the workspace is. */
export function workspaceId(column: string) {
  return parentRef(column, () => workspaces.id);
}

export const workspaces = pgTable(
  'workspaces',
  {
    id: serialId(),
    name: text('name').notNull(),
    description: text('description'),
    workspaceType: text('workspace_type', { enum: WORKSPACE_TYPES }).notNull(),
    status: text('status', { enum: WORKSPACE_STATUSES }).notNull().default('open'),
    /** The status to go back to on restore (open or closed). */
    statusBeforeArchive: statusBeforeArchive(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    schema: jsonObject<{ color?: string }>('schema'),
    memberAccess: jsonObject<Record<string, boolean>>('member_access'),
    teamFormationStrategy: text('team_formation_strategy'),
    paymentType: text('payment_type').notNull().default('free'),
    /**
     * The sections of the workspace area this workspace shows (spec 2.6); null means the
     * defaults of its type. Generalized workspaces choose theirs in the plan step.
     */
    sections: jsonb('sections').$type<string[]>(),
    /** The secret of the shareable invite link (/join?token=…); resetting it kills old links. */
    inviteCode: text('invite_code')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdBy: requiredRef('created_by', () => users.id),
    ...timestamps(),
    archivedAt: timestampTz('archived_at'),
  },
  (t) => [
    index('workspaces_status_idx').on(t.status),
    // A person's changes count for the workspaces they created (migration 0016's trigger).
    index('workspaces_created_by_idx').on(t.createdBy),
    uniqueIndex('workspaces_invite_code_unique').on(t.inviteCode),
  ],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    userId: personId('user_id'),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull().default('member'),
    joinedAt: timestampNow('joined_at'),
  },
  (t) => [
    uniqueIndex('workspace_members_unique').on(t.workspaceId, t.userId),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

/**
 * Invitations by e-mail. Only the hash of the token in the mailed link is kept. A pending
 * invitation (not accepted, not revoked, not expired) holds a seat under the member cap;
 * docs/decisions/member-cap-and-invitations.md has the rules.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull().default('member'),
    /** The token is a split token (server/auth/split-token.ts); wrong verifiers count in `attempts`. */
    tokenSelector: text('token_selector'),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    invitedBy: weakRef('invited_by', () => users.id),
    createdAt: createdAt(),
    sentAt: timestampNow('sent_at'),
    expiresAt: timestampTz('expires_at').notNull(),
    acceptedAt: timestampTz('accepted_at'),
    acceptedBy: weakRef('accepted_by', () => users.id),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_unique').on(t.tokenHash),
    uniqueIndex('workspace_invitations_selector_unique').on(t.tokenSelector),
    // One open invitation per address and workspace; inviting again refreshes it.
    uniqueIndex('workspace_invitations_open_unique')
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
    index('workspace_invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Questions a workspace keeps by type (spec 7.2 `questions?type=`): onboarding questions
 * asked of people who join, default assessment questions, check-in questions.
 */
export const workspaceQuestions = pgTable(
  'workspace_questions',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    type: text('type', { enum: QUESTION_TYPES }).notNull(),
    text: text('text').notNull(),
    /** Choices for a multiple-choice question; empty for free text. */
    options: jsonList<string>('options'),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('workspace_questions_workspace_idx').on(t.workspaceId, t.type)],
);

/** A person's saved board layouts in a workspace (grouping, filters, visible columns). */
export const boardViews = pgTable(
  'board_views',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    userId: personId('user_id'),
    name: text('name').notNull(),
    config: jsonObject('config'),
    ...timestamps(),
  },
  (t) => [index('board_views_workspace_user_idx').on(t.workspaceId, t.userId)],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
export type WorkspaceInvitationRow = typeof workspaceInvitations.$inferSelect;
export type WorkspaceQuestionRow = typeof workspaceQuestions.$inferSelect;
export type BoardViewRow = typeof boardViews.$inferSelect;

/**
 * What has changed in each workspace, for answers kept in memory (server/core/workspace-changes.ts):
 * triggers add a row in every transaction that changes what a workspace's lists show (its
 * tasks and what they link to, its people and teams, those people's names and pictures), and
 * the sum of `weight` per workspace is its change count. Rows are only ever added, so writers
 * never wait on each other for them; compaction folds a workspace's rows into one with the
 * same sum. No foreign key: a row must not hold up a workspace's deletion (compaction drops
 * the rows of workspaces that are gone).
 */
export const workspaceChanges = pgTable(
  'workspace_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workspaceId: integer('workspace_id').notNull(),
    weight: bigint('weight', { mode: 'number' }).notNull().default(1),
  },
  (t) => [index('workspace_changes_workspace_idx').on(t.workspaceId, t.weight)],
);
