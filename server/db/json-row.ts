import {
  getTableColumns,
  getTableName,
  sql,
  type Column,
  type InferSelectModel,
  type SQL,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** A table's columns as [property, column] pairs, listed once per table. */
const columnsOf = new WeakMap<PgTable, [string, Column][]>();

/** A row of `table` from its `row_to_json`, as Drizzle maps the row's own columns. */
function rowFromJson<T extends PgTable>(
  table: T,
  json: Record<string, unknown>,
): InferSelectModel<T> {
  let columns = columnsOf.get(table);
  if (!columns) columnsOf.set(table, (columns = Object.entries(getTableColumns(table))));
  const row: Record<string, unknown> = {};
  for (const [property, column] of columns) {
    const value = json[column.name];
    row[property] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/**
 * The whole row of `table` in a query as one JSON column, read back as Drizzle reads the row.
 * node-postgres describes and parses every column of every result, and Drizzle maps each one:
 * the session lookup's 50 columns cost 244 µs of CPU per query against 139 µs as two JSON
 * columns (measured, sequential queries on PostgreSQL). With `orNull`, null when the table's
 * row is missing from an outer join (`row_to_json` would give a row of nulls).
 */
export function rowAsJson<T extends PgTable>(table: T): SQL<InferSelectModel<T>>;
export function rowAsJson<T extends PgTable>(
  table: T,
  options: { orNull: true },
): SQL<InferSelectModel<T> | null>;
export function rowAsJson<T extends PgTable>(table: T, options: { orNull?: boolean } = {}) {
  const name = sql.identifier(getTableName(table));
  const json = options.orNull
    ? sql`case when ${name} is null then null else row_to_json(${name}) end`
    : sql`row_to_json(${name})`;
  return json.mapWith((value: Record<string, unknown>) => rowFromJson(table, value));
}
