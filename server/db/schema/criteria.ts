import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CRITERIA_TYPES, NAME_BANK_TYPES } from '../../../contracts/criteria';
import { users } from './users';
import { workspaceId } from './workspaces';
import { createdAt, parentRef, serialId, timestamps, weakRef } from './columns';

export { CRITERIA_TYPES, NAME_BANK_TYPES };

/** Criteria, also called tags (spec 3 "Tag", 7.17): named labels with options to choose. */
export const criteria = pgTable(
  'criteria',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    type: text('type', { enum: CRITERIA_TYPES }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color'),
    createdBy: weakRef('created_by', () => users.id),
    ...timestamps(),
  },
  (t) => [
    index('criteria_workspace_idx').on(t.workspaceId, t.type),
    uniqueIndex('criteria_name_unique').on(t.workspaceId, t.type, sql`lower(${t.name})`),
  ],
);

export const criteriaOptions = pgTable(
  'criteria_options',
  {
    id: serialId(),
    criterionId: parentRef('criterion_id', () => criteria.id),
    name: text('name').notNull(),
    color: text('color'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('criteria_options_criterion_idx').on(t.criterionId),
    uniqueIndex('criteria_options_name_unique').on(t.criterionId, sql`lower(${t.name})`),
  ],
);

/** Names a workspace keeps ready for new teams, objectives and key results (spec 7.19). */
export const nameBanks = pgTable(
  'name_banks',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    type: text('type', { enum: NAME_BANK_TYPES }).notNull(),
    name: text('name').notNull(),
    createdBy: weakRef('created_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('name_banks_unique').on(t.workspaceId, t.type, sql`lower(${t.name})`)],
);

export type CriterionRow = typeof criteria.$inferSelect;
export type CriterionOptionRow = typeof criteriaOptions.$inferSelect;
export type NameBankRow = typeof nameBanks.$inferSelect;
