import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or } from 'drizzle-orm';
import { envelope, emptyResource } from '@contracts/common';
import {
  publicationState,
  publicWorkspaceDetail,
  publicWorkspacePage,
  publicWorkspacesQuery,
  publicWorkspaceUsers,
  publishWorkspaceBody,
  transferFromPublicBody,
  transferredWorkspace,
} from '@contracts/team-formation';
import { workspaceIdParam, type WorkspaceSection } from '@contracts/workspaces';
import { requireAuth } from '../../auth/guard';
import type { DbOrTx } from '../../db/client';
import {
  publicWorkspaces,
  teamMembers,
  teams,
  users,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import type { App } from '../../http/types';
import { displayName } from '../../core/people';
import { knownPeople, visibilityOf } from '../../auth/privacy';
import { skillNamesByUser } from '../profile';
import { requireWorkspacePermission } from '../../core/workspace-access';
import { createWorkspace } from '../workspaces';
import { personColumns, presentPerson } from '../../core/people';

/**
 * The team generator's public workspaces (spec 7.8). A public workspace is one its owner
 * published: anyone signed in may browse it (its set-up, its teams, its members as they
 * allow) and copy its set-up and team structure into a new workspace of their own.
 * docs/decisions/public-workspaces.md explains what is copied and why people are not.
 */
const activeTeams = (workspaceId: number) =>
  and(eq(teams.workspaceId, workspaceId), isNull(teams.deletedAt));

async function listPublic(db: DbOrTx, where: ReturnType<typeof and>, page = 1, perPage = 20) {
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

async function requirePublic(db: DbOrTx, id: number) {
  const [found] = await listPublic(db, openPublic(id));
  if (!found) throw notFound('team-formation:messages.public_not_found');
  return found;
}

export default async function publicWorkspaceRoutes(app: App) {
  const { db } = app.deps;
  const tags = ['team generator'];

  app.get(
    '/workspaces',
    {
      schema: {
        tags,
        summary: 'Public workspaces anyone signed in may browse and copy',
        querystring: publicWorkspacesQuery,
        response: { 200: envelope(publicWorkspacePage) },
      },
    },
    async (request) => {
      const { search, page, per_page: perPage } = request.query;
      const escaped = search?.replace(/[\\%_]/g, (c) => `\\${c}`);
      const where = and(
        ne(workspaces.status, 'archived'),
        escaped
          ? or(
              ilike(workspaces.name, `%${escaped}%`),
              ilike(publicWorkspaces.summary, `%${escaped}%`),
            )
          : undefined,
      );
      const [total] = await db
        .select({ n: count() })
        .from(publicWorkspaces)
        .innerJoin(workspaces, eq(workspaces.id, publicWorkspaces.workspaceId))
        .where(where);
      return ok({
        workspaces: {
          data: await listPublic(db, where, page, perPage),
          meta: { page, per_page: perPage, total: total.n },
        },
      });
    },
  );

  app.get(
    '/workspaces/:id',
    {
      schema: {
        tags,
        params: workspaceIdParam,
        response: { 200: envelope(publicWorkspaceDetail) },
      },
    },
    async (request) => {
      const workspace = await requirePublic(db, request.params.id);
      const teamRows = await db
        .select({ name: teams.name, members_count: count(teamMembers.id) })
        .from(teams)
        .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), isNull(teamMembers.deletedAt)))
        .where(activeTeams(workspace.id))
        .groupBy(teams.id)
        .orderBy(asc(teams.name));
      return ok({ workspace, teams: teamRows });
    },
  );

  app.get(
    '/workspaces/:id/users',
    {
      schema: {
        tags,
        summary:
          'Members of a public workspace who let the caller see them: name and picture, skills when they allow',
        params: workspaceIdParam,
        response: { 200: envelope(publicWorkspaceUsers) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const workspace = await requirePublic(db, request.params.id);
      const people = await db
        .select({ user: users })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspace.id),
            ne(workspaceMembers.role, 'deactive'),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName));
      // Publishing a workspace is its owner's choice, not its members' consent: a stranger sees
      // only the members who opened their profile to everyone (fellow members see them all).
      const everyone = people.map((p) => p.user);
      const known = await knownPeople(db, user, everyone, { openProfiles: true });
      const rows = everyone.filter((person) => known.has(person.id));
      const visibility = await visibilityOf(db, user, rows);
      const skills = await skillNamesByUser(
        db,
        rows.filter((p) => visibility.get(p.id)!.skills).map((p) => p.id),
      );
      return ok({
        hidden_count: everyone.length - rows.length,
        users: rows.map((person) => ({
          id: person.id,
          name: displayName(person),
          avatar_url: person.avatarUrl,
          skills: visibility.get(person.id)!.skills ? (skills.get(person.id) ?? []) : null,
        })),
      });
    },
  );

  app.get(
    '/workspaces/:id/public',
    {
      schema: {
        tags,
        summary: 'Whether the workspace is published to the team generator (owners and admins)',
        params: workspaceIdParam,
        response: { 200: envelope(publicationState) },
      },
    },
    async (request) => {
      await requireWorkspacePermission(request, db, request.params.id, 'update_workspace');
      const [row] = await db
        .select()
        .from(publicWorkspaces)
        .where(eq(publicWorkspaces.workspaceId, request.params.id));
      return ok({
        public: Boolean(row),
        summary: row?.summary ?? null,
        published_at: row?.publishedAt.toISOString() ?? null,
      });
    },
  );

  app.put(
    '/workspaces/:id/public',
    {
      schema: {
        tags,
        summary: 'Publish a workspace to the team generator (owners and admins)',
        params: workspaceIdParam,
        body: publishWorkspaceBody,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'update_workspace',
      );
      const values = { summary: request.body.summary, publishedBy: access.userId };
      await db
        .insert(publicWorkspaces)
        .values({ workspaceId: access.workspace.id, ...values })
        .onConflictDoUpdate({ target: publicWorkspaces.workspaceId, set: values });
      return ok({}, 'team-formation:messages.published');
    },
  );

  app.delete(
    '/workspaces/:id/public',
    {
      schema: {
        tags,
        summary: 'Take a workspace off the team generator',
        params: workspaceIdParam,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      await requireWorkspacePermission(request, db, request.params.id, 'update_workspace');
      await db.delete(publicWorkspaces).where(eq(publicWorkspaces.workspaceId, request.params.id));
      return ok({}, 'team-formation:messages.unpublished');
    },
  );

  app.post(
    '/workspaces/transfer-from-public',
    {
      schema: {
        tags,
        summary: "Copy a public workspace's set-up and team structure into a new workspace",
        body: transferFromPublicBody,
        response: { 200: envelope(transferredWorkspace) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const found = await requirePublic(db, request.body.workspace_id);
      const [source] = await db.select().from(workspaces).where(eq(workspaces.id, found.id));
      const sourceTeams = await db
        .select()
        .from(teams)
        .where(activeTeams(source.id))
        .orderBy(asc(teams.name));
      const created = await db.transaction(async (tx) => {
        const workspace = await createWorkspace(tx, user.id, {
          name: request.body.name ?? source.name,
          // A generalized workspace is made through its own three-step flow.
          workspace_type: source.workspaceType === 'generalized' ? 'general' : source.workspaceType,
          description: source.description,
          schema: source.schema.color ? { color: source.schema.color } : undefined,
          sections: (source.sections as WorkspaceSection[] | null) ?? null,
          member_access: source.memberAccess,
          team_formation_strategy: source.teamFormationStrategy,
        });
        if (sourceTeams.length > 0) {
          await tx.insert(teams).values(
            sourceTeams.map((team) => ({
              workspaceId: workspace.id,
              name: team.name,
              description: team.description,
              subscribable: team.subscribable,
              maxMembers: team.maxMembers,
              createdBy: user.id,
            })),
          );
        }
        return workspace;
      });
      return ok(
        { workspace: { id: created.id, name: created.name }, teams_count: sourceTeams.length },
        'team-formation:messages.transferred',
      );
    },
  );
}
