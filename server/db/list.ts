import { asc, count, desc, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import { preparedOnce } from './prepared';

/** A page of a list and where it stands, in the shape of contracts' `pageMeta`. */
export interface Page<Row, Once = Record<string, never>> {
  rows: Row[];
  meta: { page: number; per_page: number; total: number };
  /** The values of `perRow.once`. */
  once: Once;
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
 * `perRow.once` columns do not depend on the row (uncorrelated subqueries, which PostgreSQL
 * computes once per query): they ride on the page's query too, on its first row only, and are
 * read alone only when the page has no rows. `perRow` is a function, called only when the
 * statement is built.
 * With `prepared`, the statement is built once per `shape` (server/db/prepared.ts) and `values`
 * are bound to the `sql.placeholder`s of `select`, `order` and `perRow`.
 */
export async function pageOf<Row, Once extends Record<string, unknown> = Record<string, never>>(
  db: DbOrTx,
  select: (total: SQL.Aliased<number>, keys: Record<string, SQL.Aliased>) => PgSelect,
  order: SortKey[],
  page: { page: number; per_page: number },
  options: {
    perRow?: () => {
      as: string;
      columns: Record<string, SQL | SQL.Aliased>;
      once?: { [K in keyof Once]: SQL<Once[K]> };
    };
    prepared?: { shape: string; values: Record<string, unknown> };
  } = {},
): Promise<Page<Row, Once>> {
  const { prepared } = options;
  // Built only with a statement: a prepared one is built once per shape, not at every call.
  const totalOver = () => sql<number>`count(*) over()`.mapWith(Number).as('list_total');
  const keys = () =>
    Object.fromEntries(
      order.map((key, index) => [`list_key_${index}`, sql`${key.value}`.as(`list_key_${index}`)]),
    );
  const sorted = (values: (SQL | AnyColumn | SQLWrapper)[]) =>
    values.map((value, index) => (order[index].direction === 'asc' ? asc : desc)(value));
  // The first page has no OFFSET at all: with `offset $n` a prepared statement's generic plan
  // looks costlier to PostgreSQL than a custom one (it cannot tell how many rows are skipped),
  // so every execution was planned again; without it the plan is made once per connection.
  const firstPage = page.page === 1;
  /** The page's query, and the query of the `once` columns alone. */
  const build = () => {
    const keyColumns = keys();
    const ordered = select(totalOver(), keyColumns)
      .orderBy(...sorted(order.map((key) => key.value)))
      .limit(sql.placeholder('list_limit'));
    const cut = firstPage ? ordered : ordered.offset(sql.placeholder('list_offset'));
    const perRow = options.perRow?.();
    if (!perRow) return { pageQuery: cut, onceKeys: [] };
    // The `once` values go on the first row the outer query numbers, and are null on the others:
    // on every row they would be sent and parsed a hundred times (a course's people and teams).
    const isFirstRow = sql<boolean>`row_number() over () = 1`;
    const once = Object.fromEntries(
      Object.entries(perRow.once ?? {}).map(([key, value]) => [
        key,
        sql`case when ${isFirstRow} then ${value} end`,
      ]),
    );
    const onceKeys = Object.keys(once);
    const firstRow = onceKeys.length ? { list_first: isFirstRow.as('list_first') } : {};
    const pageRows = cut.as(perRow.as) as unknown as Record<string, SQL.Aliased> & {
      _: { selectedFields: Record<string, unknown> };
    };
    const fields = Object.keys(pageRows._.selectedFields)
      .filter((key) => !(key in keyColumns))
      .map((key) => [key, pageRows[key]]);
    const pageQuery = db
      .select({ ...Object.fromEntries(fields), ...perRow.columns, ...once, ...firstRow })
      .from(pageRows as never)
      .orderBy(
        ...sorted(Object.keys(keyColumns).map((key) => pageRows[key])),
      ) as unknown as PgSelect;
    const onceQuery = onceKeys.length
      ? db.select(perRow.once ?? {}).from(sql`(select 1) as once`)
      : undefined;
    return { pageQuery, onceQuery, onceKeys };
  };
  const { pageQuery, onceQuery, onceKeys } = prepared
    ? preparedOnce(db, `list:${prepared.shape}:${firstPage ? 'first' : 'later'}`, (name) => {
        const built = build();
        return {
          ...built,
          pageQuery: built.pageQuery.prepare(name),
          onceQuery: built.onceQuery?.prepare(`${name}_once`),
        };
      })
    : build();
  const values = {
    ...prepared?.values,
    list_limit: page.per_page,
    list_offset: (page.page - 1) * page.per_page,
  };
  const rows = (await pageQuery.execute(values)) as (Row & {
    list_total: number;
    list_first?: boolean;
  } & Once)[];
  let total = rows[0]?.list_total ?? 0;
  let onceValues = rows.find((row) => row.list_first) as Once | undefined;
  if (rows.length === 0 && onceQuery) [onceValues] = (await onceQuery.execute(values)) as Once[];
  if (rows.length === 0 && page.page > 1) {
    const [counted] = await db
      .select({ n: count() })
      .from(select(totalOver(), keys()).as('list'))
      .execute(values);
    total = counted.n;
  }
  return {
    rows: rows.map(({ list_total: _, list_first: __, ...row }) => {
      for (const key of onceKeys) delete row[key];
      return row as Row;
    }),
    meta: { page: page.page, per_page: page.per_page, total },
    once: Object.fromEntries(onceKeys.map((key) => [key, onceValues![key]])) as Once,
  };
}
