import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@server/db/client';

/**
 * Rows in every table of the app's schema, to prove a refused request wrote nothing. Left out:
 * `job_effects`, the job worker's record of effects already made (mail, the Teams feed), which
 * an earlier test's job may still write while a request is refused; and `workspace_changes`,
 * whose rows the compaction job folds together every ten minutes (a write that touched it
 * also shows in the table it watches).
 */
const WORKER_BOOKKEEPING = new Set(['job_effects', 'workspace_changes']);

export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables) {
    if (WORKER_BOOKKEEPING.has(name)) continue;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from "${name}"`),
    );
    counts[name] = Number(row.n);
  }
  return counts;
}
