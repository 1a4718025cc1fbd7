import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { PIN_REFERENCE_TYPES } from '../../../contracts/pins';
import { users } from './users';
import { workspaceId } from './workspaces';
import { createdAt, optionalParentRef, serialId } from './columns';

export { PIN_REFERENCE_TYPES };

/**
 * Pins of a workspace (spec 3 "Pin", 7.10): the general list kept by its managers has no
 * user; a personal list belongs to one member. `other` pins are links with a title.
 */
export const pins = pgTable(
  'pins',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    userId: optionalParentRef('user_id', () => users.id),
    referenceType: text('reference_type', { enum: PIN_REFERENCE_TYPES }).notNull(),
    referenceId: integer('reference_id'),
    title: text('title'),
    url: text('url'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('pins_workspace_user_idx').on(t.workspaceId, t.userId)],
);

export type PinRow = typeof pins.$inferSelect;
