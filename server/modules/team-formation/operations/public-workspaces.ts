import { and, asc, count, eq, ilike, isNull, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  publicWorkspacesQuery,
  publishWorkspaceBody,
  transferFromPublicBody,
} from '@contracts/team-formation';
import type { WorkspaceSection } from '@contracts/workspaces';
import { knownPeople, visibilityOf } from '../../../auth/privacy';
import type { Actor } from '../../../core/actor';
import { displayName } from '../../../core/people';
import { workspaceAccessFor, workspaceOperation } from '../../../core/workspace-access';
import {
  publicWorkspaces,
  teamMembers,
  teams,
  users,
  workspaceMembers,
  workspaces,
} from '../../../db/schema';
import { skillNamesByUser } from '../../profile';
import { createWorkspace } from '../../workspaces';
import type { TeamFormationDeps } from './deps';
import { listPublic, requirePublic } from './public-listing';
import { viewerOf } from './runs';
import { activeTeams } from '../../../core/workspace-ids';

/** Public workspaces anyone signed in may browse and copy, a page at a time. */
export async function browsePublicWorkspaces(
  deps: TeamFormationDeps,
  _actor: Actor,
  input: z.output<typeof publicWorkspacesQuery>,
) {
  const { db } = deps;
  const { search, page, per_page: perPage } = input;
  const escaped = search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    ne(workspaces.status, 'archived'),
    escaped
      ? or(ilike(workspaces.name, `%${escaped}%`), ilike(publicWorkspaces.summary, `%${escaped}%`))
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(publicWorkspaces)
    .innerJoin(workspaces, eq(workspaces.id, publicWorkspaces.workspaceId))
    .where(where);
  return {
    data: await listPublic(db, where, page, perPage),
    meta: { page, per_page: perPage, total: total.n },
  };
}

/** A public workspace with its teams and how many are in each. */
export async function showPublicWorkspace(deps: TeamFormationDeps, _actor: Actor, id: number) {
  const { db } = deps;
  const workspace = await requirePublic(db, id);
  const teamRows = await db
    .select({ name: teams.name, members_count: count(teamMembers.id) })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), isNull(teamMembers.deletedAt)))
    .where(activeTeams(workspace.id))
    .groupBy(teams.id)
    .orderBy(asc(teams.name));
  return { workspace, teams: teamRows };
}

/**
 * Members of a public workspace who let the actor see them: name and picture, skills when
 * they allow.
 */
export async function publicWorkspaceUsers(deps: TeamFormationDeps, actor: Actor, id: number) {
  const { db } = deps;
  const viewer = viewerOf(actor);
  const workspace = await requirePublic(db, id);
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
  const known = await knownPeople(db, viewer, everyone, { openProfiles: true });
  const rows = everyone.filter((person) => known.has(person.id));
  const visibility = await visibilityOf(db, viewer, rows);
  const skills = await skillNamesByUser(
    db,
    rows.filter((p) => visibility.get(p.id)!.skills).map((p) => p.id),
  );
  return {
    hidden_count: everyone.length - rows.length,
    users: rows.map((person) => ({
      id: person.id,
      name: displayName(person),
      avatar_url: person.avatarUrl,
      skills: visibility.get(person.id)!.skills ? (skills.get(person.id) ?? []) : null,
    })),
  };
}

/** Whether the workspace is published to the team generator (owners and admins). */
export async function publicationState(deps: TeamFormationDeps, actor: Actor, workspaceId: number) {
  const { db } = deps;
  await workspaceAccessFor(db, actor, workspaceId, 'update_workspace');
  const [row] = await db
    .select()
    .from(publicWorkspaces)
    .where(eq(publicWorkspaces.workspaceId, workspaceId));
  return {
    public: Boolean(row),
    summary: row?.summary ?? null,
    published_at: row?.publishedAt.toISOString() ?? null,
  };
}

/** Publish a workspace to the team generator, or change its summary (owners and admins). */
export const publishWorkspace = workspaceOperation(
  'update_workspace',
  async (
    deps: TeamFormationDeps,
    access,
    input: { workspaceId: number } & z.output<typeof publishWorkspaceBody>,
  ) => {
    const values = { summary: input.summary, publishedBy: access.userId };
    await deps.db
      .insert(publicWorkspaces)
      .values({ workspaceId: access.workspace.id, ...values })
      .onConflictDoUpdate({ target: publicWorkspaces.workspaceId, set: values });
  },
);

/** Take a workspace off the team generator. */
export const unpublishWorkspace = workspaceOperation(
  'update_workspace',
  async (deps: TeamFormationDeps, _access, workspaceId: number) => {
    await deps.db.delete(publicWorkspaces).where(eq(publicWorkspaces.workspaceId, workspaceId));
  },
);

/** Copy a public workspace's set-up and team structure into a new workspace of the actor's. */
export async function copyPublicWorkspace(
  deps: TeamFormationDeps,
  actor: Actor,
  input: z.output<typeof transferFromPublicBody>,
) {
  const { db } = deps;
  const found = await requirePublic(db, input.workspace_id);
  const [source] = await db.select().from(workspaces).where(eq(workspaces.id, found.id));
  const sourceTeams = await db
    .select()
    .from(teams)
    .where(activeTeams(source.id))
    .orderBy(asc(teams.name));
  const created = await db.transaction(async (tx) => {
    const workspace = await createWorkspace(tx, actor.userId, {
      name: input.name ?? source.name,
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
          createdBy: actor.userId,
        })),
      );
    }
    return workspace;
  });
  return { workspace: { id: created.id, name: created.name }, teams_count: sourceTeams.length };
}
