import { asc, count, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A page of a list and where it stands, in the shape of contracts' `pageMeta`. */
export interface Page<Row> {
  rows: Row[];
  meta: { page: number; per_page: number; total: number };
}

/**
 * The order of a sortable list: rows without a value go last in both directions (as in
 * Planner), ties are broken by `tiebreak` in the same direction, so pages never overlap.
 */
export function sortedBy(
  column: SQL | AnyColumn,
  direction: 'asc' | 'desc',
  tiebreak: AnyColumn,
): SQL[] {
  const order = direction === 'asc' ? asc : desc;
  return [sql`${column} is null`, order(column), order(tiebreak)];
}

/**
 * One page of a filtered select, sorted, limited and counted in SQL: the total rides on every
 * row as `count(*) over()`, so a page costs one query; only a page past the end (no rows to
 * carry it) counts apart. `perRow` columns (correlated subqueries over the table named `as`)
 * are read in the same query for the rows of the page only: the page is cut in a subquery of
 * that name, which must select `position` as `list_position` to keep its order.
 */
export async function pageOf<Row>(
  db: DbOrTx,
  select: (total: SQL.Aliased<number>, position: SQL.Aliased<number>) => PgSelect,
  order: SQL[],
  page: { page: number; per_page: number },
  perRow?: { as: string; columns: Record<string, SQL | SQL.Aliased> },
): Promise<Page<Row>> {
  const totalOver = sql<number>`count(*) over()`.mapWith(Number).as('list_total');
  const position = sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`
    .mapWith(Number)
    .as('list_position');
  const cut = select(totalOver, position)
    .orderBy(...order)
    .limit(page.per_page)
    .offset((page.page - 1) * page.per_page);
  let query: PgSelect = cut;
  if (perRow) {
    const pageRows = cut.as(perRow.as) as unknown as Record<string, SQL.Aliased> & {
      _: { selectedFields: Record<string, unknown> };
    };
    const fields = Object.keys(pageRows._.selectedFields).map((key) => [key, pageRows[key]]);
    query = db
      .select({ ...Object.fromEntries(fields), ...perRow.columns })
      .from(pageRows as never)
      .orderBy(pageRows.list_position) as unknown as PgSelect;
  }
  const rows = (await query) as (Row & { list_total: number; list_position?: number })[];
  let total = rows[0]?.list_total ?? 0;
  if (rows.length === 0 && page.page > 1) {
    const [counted] = await db.select({ n: count() }).from(select(totalOver, position).as('list'));
    total = counted.n;
  }
  return {
    rows: rows.map(({ list_total: _, list_position: __, ...row }) => row as Row),
    meta: { page: page.page, per_page: page.per_page, total },
  };
}
