import { integer, jsonb, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** The row's own id, numbered by the database (most tables have one). */
export const serialId = () => serial('id').primaryKey();

/** A moment, always with its time zone (every timestamp column in the schema is one). */
export const timestampTz = (column: string) => timestamp(column, { withTimezone: true });

/** A moment that is now when the row is written, unless the writer gives one. */
export const timestampNow = (column: string) => timestampTz(column).notNull().defaultNow();

/** When a row was made; every table that keeps it names it the same way. */
export const createdAt = () => timestampNow('created_at');

/** When a row last changed (set by the code that changes it). */
export const updatedAt = () => timestampNow('updated_at');

/** Both stamps, for the tables that keep when a row was made and when it last changed. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** The row this one belongs to: required, and this row is removed with it. */
export const parentRef = (column: string, target: () => AnyPgColumn) =>
  integer(column).notNull().references(target, { onDelete: 'cascade' });

/** The row this one belongs to when it belongs to one (null: none), removed with it. */
export const optionalParentRef = (column: string, target: () => AnyPgColumn) =>
  integer(column).references(target, { onDelete: 'cascade' });

/**
 * The key of a row that adds to another one to one (at most one per parent row): the parent's
 * id, and this row is removed with it.
 */
export const parentKey = (column: string, target: () => AnyPgColumn) =>
  integer(column).primaryKey().references(target, { onDelete: 'cascade' });

/** A row this one points to but outlives: emptied when that row is removed. */
export const weakRef = (column: string, target: () => AnyPgColumn) =>
  integer(column).references(target, { onDelete: 'set null' });

/** A required row this one points to; removing it is refused while this row is there. */
export const requiredRef = (column: string, target: () => AnyPgColumn) =>
  integer(column).notNull().references(target);

/** The status an archived row goes back to on restore (open or closed); null while not archived. */
export const statusBeforeArchive = () =>
  text('status_before_archive', { enum: ['open', 'closed'] });

/** A JSON object, `{}` until something is set. */
export const jsonObject = <T extends object = Record<string, unknown>>(column: string) =>
  jsonb(column)
    .$type<T>()
    .notNull()
    .default({} as T);

/** A JSON list, `[]` until something is added. */
export const jsonList = <T>(column: string) => jsonb(column).$type<T[]>().notNull().default([]);

/** What is kept of an uploaded file: its name, type and size, and its key in the file storage. */
export const storedFile = () => ({
  name: text('name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
});
