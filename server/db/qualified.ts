import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `"table"."column"`: Drizzle writes a column bare when its query has one table, which inside a
 * correlated subquery would name the subquery's own column; these always say whose it is.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
