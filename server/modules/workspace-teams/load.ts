import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Team } from '@contracts/workspace-teams';
import { can, type Permission } from '../../auth/permissions';
import { isUniqueViolation } from '../../db/errors';
import type { DbOrTx } from '../../db/client';
import { teamMembers, teams, users, type TeamMemberRow, type TeamRow } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { personColumns, presentPerson, type PersonRow } from '../../core/people';
import type { Actor } from '../../core/actor';
import { membersInRoles, currentTeamMembership } from '../../core/workspace-ids';
import { workspaceAccessFor, type WorkspaceAccess } from '../../core/workspace-access';

/** Roles that can be in a team: viewers watch and deactivated members are out. */
export const TEAMABLE_ROLES = ['owner', 'admin', 'member'] as const;

export interface MemberWithPerson {
  membership: TeamMemberRow;
  person: PersonRow;
}

/** Active members of each team, leaders first, then by joining time. */
export async function membersOf(
  db: DbOrTx,
  teamIds: readonly number[],
): Promise<Map<number, MemberWithPerson[]>> {
  const result = new Map<number, MemberWithPerson[]>(teamIds.map((id) => [id, []]));
  if (teamIds.length === 0) return result;
  const rows = await db
    .select({ membership: teamMembers, person: personColumns })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(inArray(teamMembers.teamId, [...teamIds]), isNull(teamMembers.deletedAt)))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.id));
  for (const row of rows) result.get(row.membership.teamId)!.push(row);
  for (const list of result.values()) {
    list.sort(
      (a, b) => Number(b.membership.role === 'leader') - Number(a.membership.role === 'leader'),
    );
  }
  return result;
}

/** The person's active team in a workspace, if any. */
export async function teamIdOf(db: DbOrTx, workspaceId: number, userId: number) {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(currentTeamMembership(workspaceId, userId));
  return row?.teamId ?? null;
}

/**
 * A team and the caller's access to its workspace; a deleted team is not found. The
 * workspace gate answers 404 to outsiders, so team ids reveal nothing either.
 */
export async function requireTeam(
  db: DbOrTx,
  actor: Actor,
  teamId: number,
  permission: Permission = 'view_workspace',
): Promise<{ team: TeamRow; access: WorkspaceAccess }> {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), isNull(teams.deletedAt)));
  if (!team) throw notFound('workspace-teams:messages.team_not_found');
  const access = await workspaceAccessFor(db, actor, team.workspaceId, permission);
  return { team, access };
}

/** People of a workspace who may be put in its teams; 422 names any who may not. */
export async function requireTeamable(
  db: DbOrTx,
  workspaceId: number,
  userIds: readonly number[],
  field = 'user_ids',
) {
  const ok = await membersInRoles(db, workspaceId, userIds, TEAMABLE_ROLES);
  if (userIds.some((id) => !ok.has(id))) {
    throw validationFailed({ [field]: 'workspace-teams:messages.not_teamable' });
  }
}

/** Those of the people already in a team of the workspace other than `exceptTeamId`. */
export async function peopleWithTeam(
  db: DbOrTx,
  workspaceId: number,
  userIds: readonly number[],
  exceptTeamId?: number,
) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(
      and(
        currentTeamMembership(workspaceId, userIds),
        exceptTeamId === undefined ? undefined : ne(teamMembers.teamId, exceptTeamId),
      ),
    );
  return rows.map((row) => row.userId);
}

export async function addMembers(
  db: DbOrTx,
  team: TeamRow,
  userIds: readonly number[],
  role: TeamMemberRow['role'] = 'member',
) {
  if (userIds.length === 0) return;
  try {
    await db
      .insert(teamMembers)
      .values(
        userIds.map((userId) => ({ teamId: team.id, workspaceId: team.workspaceId, userId, role })),
      );
  } catch (error) {
    // The one-team-per-workspace index: someone joined another team in the meantime.
    if (isUniqueViolation(error)) {
      throw conflict('workspace-teams:messages.already_in_team');
    }
    throw error;
  }
}

export async function activeMemberCount(db: DbOrTx, teamId: number) {
  return (await membersOf(db, [teamId])).get(teamId)!.length;
}

export function abilitiesOf(
  team: TeamRow,
  members: readonly MemberWithPerson[],
  access: WorkspaceAccess,
  viewerTeamId: number | null,
): Team['abilities'] {
  const manage = can(access, 'manage_teams');
  const join = can(access, 'join_teams');
  const mine = members.find((m) => m.membership.userId === access.userId);
  const leader = mine?.membership.role === 'leader';
  const full = team.maxMembers !== null && members.length >= team.maxMembers;
  const free = viewerTeamId === null;
  return {
    update: manage || (team.selfTeam && leader),
    delete: manage,
    delete_by_member: team.selfTeam && leader,
    manage_members: manage,
    change_avatar: manage || Boolean(mine),
    leave: Boolean(mine),
    request_join: join && !mine && free && !full,
    subscribe: join && !mine && free && team.subscribable && !full,
    invite: !full && (manage || (join && Boolean(mine))),
  };
}

export function presentTeam(
  team: TeamRow,
  members: readonly MemberWithPerson[],
  access: WorkspaceAccess,
  viewerTeamId: number | null,
): Team {
  return {
    id: team.id,
    workspace_id: team.workspaceId,
    name: team.name,
    description: team.description,
    avatar_url: team.avatarUrl,
    self_team: team.selfTeam,
    subscribable: team.subscribable,
    max_members: team.maxMembers,
    members: members.map(({ membership, person }) => ({
      ...presentPerson(person),
      role: membership.role,
      joined_at: membership.joinedAt.toISOString(),
    })),
    members_count: members.length,
    formation_run_id: team.formationRunId,
    created_by: team.createdBy,
    created_at: team.createdAt.toISOString(),
    updated_at: team.updatedAt.toISOString(),
    deleted_at: team.deletedAt?.toISOString() ?? null,
    is_member: members.some((m) => m.membership.userId === access.userId),
    abilities: abilitiesOf(team, members, access, viewerTeamId),
  };
}

/** One team as the caller sees it, loaded fresh. */
export async function teamView(db: DbOrTx, team: TeamRow, access: WorkspaceAccess) {
  const members = (await membersOf(db, [team.id])).get(team.id)!;
  return presentTeam(team, members, access, await teamIdOf(db, team.workspaceId, access.userId));
}
