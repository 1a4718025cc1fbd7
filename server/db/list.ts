import { asc, count, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { preparedOnce } from './prepared';

/** A page of a list and where it stands, in the shape of contracts' `pageMeta`. */
export interface Page<Row> {
  rows: Row[];
  meta: { page: number; per_page: number; total: number };
}

/** One key of a list's order. */
export interface SortKey {
  value: SQL | AnyColumn;
  direction: 'asc' | 'desc';
}

/**
 * The order of a sortable list: rows without a value go last in both directions (as in
 * Planner), ties are broken by `tiebreak` in the same direction, so pages never overlap.
 */
export function sortedBy(
  column: SQL | AnyColumn,
  direction: 'asc' | 'desc',
  tiebreak: AnyColumn,
): SortKey[] {
  return [
    { value: sql`${column} is null`, direction: 'asc' },
    { value: column, direction },
    { value: tiebreak, direction },
  ];
}

/**
 * One page of a filtered select, sorted, limited and counted in SQL: the total rides on every
 * row as `count(*) over()`, so a page costs one query; only a page past the end (no rows to
 * carry it) counts apart. `perRow` columns (correlated subqueries over the table named `as`)
 * are read in the same query for the rows of the page only: the page is cut in a subquery of
 * that name, which must select the `keys` it is given, so the outer query sorts by them again
 * (a plain `order by … limit` lets PostgreSQL keep only the page's rows while sorting).
 * With `prepared`, the statement is built once per `shape` (server/db/prepared.ts) and `values`
 * are bound to the `sql.placeholder`s of `select` and `order`.
 */
export async function pageOf<Row>(
  db: DbOrTx,
  select: (total: SQL.Aliased<number>, keys: Record<string, SQL.Aliased>) => PgSelect,
  order: SortKey[],
  page: { page: number; per_page: number },
  options: {
    perRow?: { as: string; columns: Record<string, SQL | SQL.Aliased> };
    prepared?: { shape: string; values: Record<string, unknown> };
  } = {},
): Promise<Page<Row>> {
  const { perRow, prepared } = options;
  const totalOver = sql<number>`count(*) over()`.mapWith(Number).as('list_total');
  const keys = Object.fromEntries(
    order.map((key, index) => [`list_key_${index}`, sql`${key.value}`.as(`list_key_${index}`)]),
  );
  const sorted = (values: (SQL | AnyColumn | SQLWrapper)[]) =>
    values.map((value, index) => (order[index].direction === 'asc' ? asc : desc)(value));
  const build = () => {
    const cut = select(totalOver, keys)
      .orderBy(...sorted(order.map((key) => key.value)))
      .limit(sql.placeholder('list_limit'))
      .offset(sql.placeholder('list_offset'));
    if (!perRow) return cut;
    const pageRows = cut.as(perRow.as) as unknown as Record<string, SQL.Aliased> & {
      _: { selectedFields: Record<string, unknown> };
    };
    const fields = Object.keys(pageRows._.selectedFields)
      .filter((key) => !(key in keys))
      .map((key) => [key, pageRows[key]]);
    return db
      .select({ ...Object.fromEntries(fields), ...perRow.columns })
      .from(pageRows as never)
      .orderBy(...sorted(Object.keys(keys).map((key) => pageRows[key]))) as unknown as PgSelect;
  };
  const statement = prepared
    ? preparedOnce(db, `list:${prepared.shape}`, (name) => build().prepare(name))
    : build();
  const values = {
    ...prepared?.values,
    list_limit: page.per_page,
    list_offset: (page.page - 1) * page.per_page,
  };
  const rows = (await statement.execute(values)) as (Row & { list_total: number })[];
  let total = rows[0]?.list_total ?? 0;
  if (rows.length === 0 && page.page > 1) {
    const [counted] = await db
      .select({ n: count() })
      .from(select(totalOver, keys).as('list'))
      .execute(values);
    total = counted.n;
  }
  return {
    rows: rows.map(({ list_total: _, ...row }) => row as Row),
    meta: { page: page.page, per_page: page.per_page, total },
  };
}
