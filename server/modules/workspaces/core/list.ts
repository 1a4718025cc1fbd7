import { and, asc, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SortDirection, WorkspaceSort, WorkspaceStatus } from '@contracts/workspaces';
import type { DbOrTx } from '../../../db/client';
import { workspaceMembers, workspaces } from '../../../db/schema';
import { todayUtc } from '../present';

/** The SQL twin of `statusOf`: the list a workspace is in on the given day. */
export function statusSql(today = todayUtc()): SQL<WorkspaceStatus> {
  return sql<WorkspaceStatus>`case
    when ${workspaces.status} = 'archived' then 'archived'
    when ${workspaces.status} = 'closed' or ${workspaces.endDate} < ${today} then 'closed'
    else 'open' end`;
}

const sortColumns: Record<WorkspaceSort, SQL | typeof workspaces.createdAt> = {
  name: sql`lower(${workspaces.name})`,
  start_date: sql`${workspaces.startDate}`,
  end_date: sql`${workspaces.endDate}`,
  created_at: workspaces.createdAt,
};

/** The caller's workspaces in one list (spec 4), sorted as spec 3 allows. */
export async function listWorkspacesOf(
  db: DbOrTx,
  userId: number,
  query: {
    status: WorkspaceStatus;
    sort: WorkspaceSort;
    direction: SortDirection;
    search?: string;
  },
) {
  const order = query.direction === 'asc' ? asc : desc;
  const column = sortColumns[query.sort];
  const search = query.search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return (
    db
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaces)
      .innerJoin(
        workspaceMembers,
        and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
      )
      .where(
        and(
          eq(statusSql(), query.status),
          search ? ilike(workspaces.name, `%${search}%`) : undefined,
        ),
      )
      // Undated workspaces sort after dated ones in both directions.
      .orderBy(sql`${column} is null`, order(column), order(workspaces.id))
  );
}

/** Workspaces (not archived) that two people share, for "common workspaces". */
export async function commonWorkspaces(db: DbOrTx, userId: number, otherUserId: number) {
  const theirs = db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, otherUserId));
  return db
    .select({ workspace: workspaces })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .where(and(inArray(workspaces.id, theirs), ne(workspaces.status, 'archived')))
    .orderBy(asc(sql`lower(${workspaces.name})`));
}
