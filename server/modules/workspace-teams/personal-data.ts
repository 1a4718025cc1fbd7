import { eq, isNotNull, or } from 'drizzle-orm';
import type { AccountDeletion, ExportSection, FileReferences } from '../../core/area';
import { personRows } from '../../core/export-sections';
import { teamMembers, teamRequests, teams } from '../../db/schema';
import { avatarKeyOf } from '../profile';

/** Team memberships (past ones included), teams made and team requests, for "export my data". */
export const exportSections: ExportSection[] = [
  personRows(
    'team_memberships',
    teamMembers.userId,
    {
      team_id: teams.id,
      team: teams.name,
      workspace_id: teams.workspaceId,
      role: teamMembers.role,
      joined_at: teamMembers.joinedAt,
      ended_at: teamMembers.deletedAt,
    },
    [[teams, eq(teams.id, teamMembers.teamId)]],
  ),
  personRows('teams_created', teams.createdBy, {
    id: teams.id,
    name: teams.name,
    workspace_id: teams.workspaceId,
  }),
  {
    name: 'team_requests',
    tables: [teamRequests],
    read: (db, userId) =>
      db
        .select()
        .from(teamRequests)
        .where(
          or(
            eq(teamRequests.userId, userId),
            eq(teamRequests.createdBy, userId),
            eq(teamRequests.answeredBy, userId),
          ),
        ),
  },
];

/** Teams belong to their workspace: memberships and requests stay, shown as a deleted account. */
export const accountDeletion: AccountDeletion = {
  erases: [],
  keeps: [teams, teamMembers, teamRequests],
};

/** `teams.avatar_url`: the address a team's picture is served from, which holds its key. */
export const files: FileReferences = {
  columns: [teams.avatarUrl],
  all: async (db) =>
    keysOf(await db.select({ url: teams.avatarUrl }).from(teams).where(isNotNull(teams.avatarUrl))),
  ofWorkspace: async (db, workspaceId) =>
    keysOf(
      await db
        .select({ url: teams.avatarUrl })
        .from(teams)
        .where(eq(teams.workspaceId, workspaceId)),
    ),
};

function keysOf(rows: { url: string | null }[]): string[] {
  return rows.flatMap(({ url }) => avatarKeyOf(url) ?? []);
}
