import { and, asc, eq, ilike, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SortDirection, WorkspaceSort, WorkspaceStatus } from '@contracts/workspaces';
import type { DbOrTx } from '../../../db/client';
import { personJsonFields, type PersonJson } from '../../../core/people';
import { rowAsJson } from '../../../db/json-row';
import { pageOf, sortedBy, type Page } from '../../../db/list';
import { qualified } from '../../../db/qualified';
import { users, workspaceMembers, workspaces } from '../../../db/schema';
import { todayUtc, type WorkspaceListRow } from '../present';
import { membershipIn, workspaceIdsOf } from '../../../core/workspace-ids';

/** The SQL twin of `statusOf`: the list a workspace is in on the given day. */
export function statusSql(today: string | Placeholder = todayUtc()): SQL<WorkspaceStatus> {
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

/**
 * The list's creator, seat and owner columns, built once (the statement is prepared per shape).
 * The workspace and its creator come as JSON, a column each (server/db/json-row.ts).
 */
const CREATOR = 'creator';
const creators = alias(users, CREATOR);
const mine = alias(workspaceMembers, 'mine');
const seats = sql<number>`(select count(*) from ${workspaceMembers}
  where ${qualified(workspaceMembers.workspaceId)} = ${qualified(workspaces.id)}
    and ${qualified(workspaceMembers.role)} <> 'deactive')`.mapWith(Number);
const owners = sql<number>`(select count(*) from ${workspaceMembers}
  where ${qualified(workspaceMembers.workspaceId)} = ${qualified(workspaces.id)}
    and ${qualified(workspaceMembers.role)} = 'owner')`.mapWith(Number);
const creator = sql<PersonJson | null>`case when ${sql.identifier(CREATOR)}.id is null then null
  else json_build_object(${personJsonFields(CREATOR)}) end`;

/**
 * A page of the caller's workspaces in one list (spec 4), sorted as spec 3 allows, with each
 * one's seats and creator in the same query.
 */
export async function listWorkspacesOf(
  db: DbOrTx,
  userId: number,
  query: {
    status: WorkspaceStatus;
    sort: WorkspaceSort;
    direction: SortDirection;
    search?: string;
    page: number;
    per_page: number;
  },
): Promise<Page<WorkspaceListRow>> {
  const search = query.search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return pageOf<WorkspaceListRow>(
    db,
    (total) =>
      db
        .select({
          workspace: rowAsJson(workspaces),
          role: mine.role,
          membersCount: seats,
          ownersCount: owners,
          creator,
          list_total: total,
        })
        .from(workspaces)
        .innerJoin(
          mine,
          and(eq(mine.workspaceId, workspaces.id), eq(mine.userId, sql.placeholder('userId'))),
        )
        .leftJoin(creators, eq(creators.id, workspaces.createdBy))
        .where(
          and(
            eq(statusSql(sql.placeholder('today')), sql.placeholder('status')),
            search ? ilike(workspaces.name, sql.placeholder('search')) : undefined,
          ),
        )
        .$dynamic(),
    sortedBy(sortColumns[query.sort], query.direction, workspaces.id),
    query,
    {
      prepared: {
        shape: `workspaces:${query.sort}:${query.direction}:${Boolean(search)}`,
        values: { userId, status: query.status, today: todayUtc(), search: `%${search}%` },
      },
    },
  );
}

/** Workspaces (not archived) that two people share, for "common workspaces". */
export async function commonWorkspaces(db: DbOrTx, userId: number, otherUserId: number) {
  return db
    .select({ workspace: workspaces })
    .from(workspaces)
    .innerJoin(workspaceMembers, membershipIn(workspaces.id, userId))
    .where(
      and(
        inArray(workspaces.id, workspaceIdsOf(db, otherUserId)),
        ne(workspaces.status, 'archived'),
      ),
    )
    .orderBy(asc(sql`lower(${workspaces.name})`));
}
