import { and, eq, inArray, isNull, SQL, sql } from 'drizzle-orm';
import type { TaskTeam } from '@contracts/tasks';
import type { Person } from '@contracts/people';
import { can, permissionsFor, type Permission } from '../../auth/permissions';
import type { DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import {
  teamMembers,
  teams,
  users,
  workspaceMembers,
  workspaces,
  type WorkspaceRole,
  type WorkspaceRow,
} from '../../db/schema';
import { personColumns, personJsonFields, presentPerson, type PersonJson } from '../../core/people';
import { currentTeamMembership } from '../../core/workspace-ids';

/** People by id: the ids, or a subquery that selects them (one round trip instead of two). */
export async function loadPeople(
  db: DbOrTx,
  ids: Iterable<number> | SQL,
): Promise<Map<number, Person>> {
  let where: SQL;
  if (ids instanceof SQL) {
    where = sql`${qualified(users.id)} in ${ids}`;
  } else {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    where = inArray(users.id, unique);
  }
  const rows = await db.select(personColumns).from(users).where(where);
  return new Map(rows.map((row) => [row.id, presentPerson(row)]));
}

export interface WorkspacePerson {
  person: Person;
  permissions: Permission[];
}

/** Everyone of a workspace with their role, shadows left out, as JSON (one row per workspace). */
export function workspacePeopleJson(workspaceId: SQL | number): SQL<WorkspacePersonJson[]> {
  return sql<WorkspacePersonJson[]>`coalesce((select json_agg(json_build_object(
      ${personJsonFields('u')}, 'role', m.role) order by u.first_name, u.last_name, u.id)
    from ${workspaceMembers} m join ${users} u on u.id = m.user_id
    where m.workspace_id = ${workspaceId} and u.deleted_at is null and u.deactivated_at is null), '[]')`;
}
type WorkspacePersonJson = PersonJson & { role: WorkspaceRole };

/** What `workspacePeopleJson` gave, with what each role lets them do in that workspace. */
export function workspacePeopleOf(
  rows: readonly WorkspacePersonJson[],
  memberAccess: WorkspaceRow['memberAccess'],
): WorkspacePerson[] {
  return rows.map((row) => ({
    person: presentPerson(row),
    permissions: permissionsFor(row.role, memberAccess),
  }));
}

/** Everyone of a workspace with what their role lets them do, shadows left out. */
export async function workspacePeople(db: DbOrTx, workspaceId: number): Promise<WorkspacePerson[]> {
  const [row] = await db
    .select({
      people: workspacePeopleJson(qualified(workspaces.id)),
      memberAccess: workspaces.memberAccess,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row ? workspacePeopleOf(row.people, row.memberAccess) : [];
}

const holds = (entry: WorkspacePerson, permission: Permission) =>
  can({ isSupervisor: false, permissions: entry.permissions }, permission);

/** People who may be given work: those who may hand it in. */
export const assignable = (people: WorkspacePerson[]) =>
  people.filter((p) => holds(p, 'submit_tasks')).map((p) => p.person);

/** Anyone taking part may be asked to review; those who review every task are the default. */
export function reviewerChoices(people: WorkspacePerson[]) {
  return {
    all_reviewers: people
      .filter((p) => holds(p, 'submit_tasks') || holds(p, 'review_tasks'))
      .map((p) => p.person),
    default_reviewers: people.filter((p) => holds(p, 'review_tasks')).map((p) => p.person),
  };
}

/** A team's active members as JSON, over the SQL of its id. */
const teamMembersJson = (teamId: SQL) => sql<
  PersonJson[]
>`coalesce((select json_agg(json_build_object(
      ${personJsonFields('u')}) order by u.first_name, u.last_name, u.id)
    from ${teamMembers} tm join ${users} u on u.id = tm.user_id
    where tm.team_id = ${teamId} and tm.deleted_at is null), '[]')`;

type TeamJson = { id: number; name: string; members: PersonJson[] };
const teamOfJson = (team: TeamJson): TaskTeam => ({
  id: team.id,
  name: team.name,
  members: team.members.map(presentPerson),
});

/** Active teams of a workspace with their active members, as JSON (one row per workspace). */
export function workspaceTeamsJson(workspaceId: SQL | number): SQL<TeamJson[]> {
  return sql<TeamJson[]>`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name,
      'members', ${teamMembersJson(sql`t.id`)}) order by t.name, t.id)
    from ${teams} t where t.workspace_id = ${workspaceId} and t.deleted_at is null), '[]')`;
}

/** What `workspaceTeamsJson` gave, as the API shows teams. */
export const workspaceTeamsOf = (rows: readonly TeamJson[]): TaskTeam[] => rows.map(teamOfJson);

/** Active teams of a workspace (or the given ones) with their active members. */
export async function loadTeams(
  db: DbOrTx,
  filter: { workspaceId: number } | { teamIds: number[] },
): Promise<TaskTeam[]> {
  if ('teamIds' in filter && filter.teamIds.length === 0) return [];
  // Members ride along as JSON, so a list of teams is one query.
  const teamRows = await db
    .select({ id: teams.id, name: teams.name, members: teamMembersJson(qualified(teams.id)) })
    .from(teams)
    .where(
      and(
        'teamIds' in filter
          ? inArray(teams.id, filter.teamIds)
          : eq(teams.workspaceId, filter.workspaceId),
        isNull(teams.deletedAt),
      ),
    )
    .orderBy(teams.name, teams.id);
  return teamRows.map(teamOfJson);
}

/** The active team a person belongs to in a workspace (at most one), if any. */
export async function teamOf(db: DbOrTx, workspaceId: number, userId: number) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(currentTeamMembership(workspaceId, userId), isNull(teams.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

/** Assignable people of the workspace who are in no team (spec users_dont_have_team_count). */
export async function countPeopleWithoutTeam(db: DbOrTx, workspaceId: number): Promise<number> {
  const [people, workspaceTeams] = await Promise.all([
    workspacePeople(db, workspaceId),
    loadTeams(db, { workspaceId }),
  ]);
  const inTeams = new Set(workspaceTeams.flatMap((t) => t.members.map((m) => m.id)));
  return assignable(people).filter((p) => !inTeams.has(p.id)).length;
}

/** The people a unit stands for: its person, or its team's current members. */
export async function peopleOfUnit(
  db: DbOrTx,
  unit: { userId: number | null; teamId: number | null },
): Promise<number[]> {
  if (unit.userId !== null) return [unit.userId];
  if (unit.teamId === null) return [];
  const [team] = await loadTeams(db, { teamIds: [unit.teamId] });
  return team?.members.map((m) => m.id) ?? [];
}
