import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const WORKSPACE_TYPES = [
  'course',
  'general',
  'recruit',
  'organization',
  'generalized',
] as const;
export const WORKSPACE_STATUSES = ['open', 'closed', 'archived'] as const;
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer', 'deactive'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const workspaces = pgTable(
  'workspaces',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    workspaceType: text('workspace_type', { enum: WORKSPACE_TYPES }).notNull(),
    status: text('status', { enum: WORKSPACE_STATUSES }).notNull().default('open'),
    /** The status to go back to on restore (open or closed). */
    statusBeforeArchive: text('status_before_archive', { enum: ['open', 'closed'] }),
    startDate: date('start_date'),
    endDate: date('end_date'),
    schema: jsonb('schema').$type<{ color?: string }>().notNull().default({}),
    memberAccess: jsonb('member_access').$type<Record<string, boolean>>().notNull().default({}),
    teamFormationStrategy: text('team_formation_strategy'),
    paymentType: text('payment_type').notNull().default('free'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('workspaces_status_idx').on(t.status)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: serial('id').primaryKey(),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_members_unique').on(t.workspaceId, t.userId),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
