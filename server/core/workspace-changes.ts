import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps, UserIdParam } from '../context';
import { queryRows, type DbOrTx } from '../db/client';
import { workspaceChanges, workspaceMembers, workspaces } from '../db/schema';

/**
 * How many changes a workspace has had, as SQL over its id: it grows with every committed
 * transaction that changes what the workspace's lists show (the triggers of migration 0015
 * add to `workspace_changes`), so an answer read while it had a value is still right while it
 * has it. Read with the access (`accessColumns`), so checking costs no query of its own.
 */
export const workspaceChangeCount = (workspaceId: SQL) =>
  sql<number>`(select coalesce(sum(${workspaceChanges.weight}), 0) from ${workspaceChanges}
    where ${workspaceChanges.workspaceId} = ${workspaceId})`.mapWith(Number);

/**
 * The change count of every workspace a person is in, as text (`id:count,...` by id): it
 * changes when any of them changes and when the person joins or leaves one, so a list of their
 * workspaces read while it had a value is still right while it has it. One index lookup per
 * workspace; read with the session (`sessionExtra`).
 */
export const memberWorkspacesVersion = (userId: UserIdParam) =>
  sql<string>`(select coalesce(string_agg(m.workspace_id || ':' ||
      ${workspaceChangeCount(sql`m.workspace_id`)}, ',' order by m.workspace_id), '')
    from ${workspaceMembers} m where m.user_id = ${userId})`;

const COMPACT_QUEUE = 'workspace_changes_compaction';
const COMPACT_EVERY_MS = 10 * 60_000;

/**
 * Folds each workspace's change rows into one with the same sum, in one statement (a reader
 * sees the rows before or after, never a different count), and drops the rows of workspaces
 * that are gone. Rows added meanwhile are not seen, so they stay. Returns the rows removed.
 */
export async function compactWorkspaceChanges(db: DbOrTx): Promise<number> {
  const [{ removed }] = await queryRows<{ removed: number }>(
    db,
    sql`
    with gone as (
      delete from ${workspaceChanges} c
      where c.workspace_id in (
        select workspace_id from ${workspaceChanges} group by workspace_id having count(*) > 1)
        or not exists (select 1 from ${workspaces} w where w.id = c.workspace_id)
      returning c.workspace_id, c.weight
    ), kept as (
      insert into ${workspaceChanges} (workspace_id, weight)
      select g.workspace_id, sum(g.weight) from gone g
      where exists (select 1 from ${workspaces} w where w.id = g.workspace_id)
      group by g.workspace_id
      returning 1
    )
    select (select count(*) from gone)::int - (select count(*) from kept)::int as removed`,
  );
  return removed;
}

/** Compaction as a job every ten minutes. Returns what to run once the app is ready. */
export function registerWorkspaceChangeCompaction(deps: AppDeps) {
  return deps.jobs.every(COMPACT_QUEUE, COMPACT_EVERY_MS, () => compactWorkspaceChanges(deps.db));
}
