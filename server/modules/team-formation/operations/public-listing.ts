import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { personColumns, presentPerson } from '../../../core/people';
import type { DbOrTx } from '../../../db/client';
import { publicWorkspaces, teams, users, workspaceMembers, workspaces } from '../../../db/schema';
import { notFound } from '../../../http/errors';

/**
 * The team generator's public workspaces (spec 7.8). A public workspace is one its owner
 * published: anyone signed in may browse it (its set-up, its teams, its members as they
 * allow) and copy its set-up and team structure into a new workspace of their own.
 * docs/decisions/public-workspaces.md explains what is copied and why people are not.
 */
export async function listPublic(
  db: DbOrTx,
  where: ReturnType<typeof and>,
  page = 1,
  perPage = 20,
) {
  const memberCount = db
    .select({ workspaceId: workspaceMembers.workspaceId, n: count().as('n') })
    .from(workspaceMembers)
    .where(ne(workspaceMembers.role, 'deactive'))
    .groupBy(workspaceMembers.workspaceId)
    .as('member_count');
  const rows = await db
    .select({
      workspace: workspaces,
      published: publicWorkspaces,
      publisher: personColumns,
      members: memberCount.n,
    })
    .from(publicWorkspaces)
    .innerJoin(workspaces, eq(workspaces.id, publicWorkspaces.workspaceId))
    .leftJoin(users, eq(users.id, publicWorkspaces.publishedBy))
    .leftJoin(memberCount, eq(memberCount.workspaceId, workspaces.id))
    .where(where)
    .orderBy(desc(publicWorkspaces.publishedAt), desc(workspaces.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const ids = rows.map((row) => row.workspace.id);
  const teamCounts =
    ids.length > 0
      ? await db
          .select({ workspaceId: teams.workspaceId, n: count() })
          .from(teams)
          .where(and(inArray(teams.workspaceId, ids), isNull(teams.deletedAt)))
          .groupBy(teams.workspaceId)
      : [];
  const teamsOf = new Map(teamCounts.map((row) => [row.workspaceId, row.n]));
  return rows.map((row) => ({
    id: row.workspace.id,
    name: row.workspace.name,
    description: row.workspace.description,
    summary: row.published.summary,
    workspace_type: row.workspace.workspaceType,
    members_count: Number(row.members ?? 0),
    teams_count: teamsOf.get(row.workspace.id) ?? 0,
    published_by: row.publisher?.id ? presentPerson(row.publisher) : null,
    published_at: row.published.publishedAt.toISOString(),
  }));
}

const openPublic = (id: number) =>
  and(eq(publicWorkspaces.workspaceId, id), ne(workspaces.status, 'archived'));

export async function requirePublic(db: DbOrTx, id: number) {
  const [found] = await listPublic(db, openPublic(id));
  if (!found) throw notFound('team-formation:messages.public_not_found');
  return found;
}
