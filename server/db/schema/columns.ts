import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A moment, always with its time zone (every timestamp column in the schema is one). */
export const timestampTz = (column: string) => timestamp(column, { withTimezone: true });

/** When a row was made; every table that keeps it names it the same way. */
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** When a row last changed (set by the code that changes it). */
export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();

/** The row this one belongs to: required, and this row is removed with it. */
export const parentRef = (column: string, target: () => AnyPgColumn) =>
  integer(column).notNull().references(target, { onDelete: 'cascade' });

/** A row this one points to but outlives: emptied when that row is removed. */
export const weakRef = (column: string, target: () => AnyPgColumn) =>
  integer(column).references(target, { onDelete: 'set null' });

/** A required row this one points to; removing it is refused while this row is there. */
export const requiredRef = (column: string, target: () => AnyPgColumn) =>
  integer(column).notNull().references(target);
