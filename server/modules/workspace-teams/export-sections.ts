import { and, count, eq, isNull, or } from 'drizzle-orm';
import { teamMembers, teamRequests, teams } from '../../db/schema';
import { registerExportSection } from '../../core/export-sections';
import { registerPerformanceMetric } from '../../core/performance-metrics';

/** Team memberships (past ones included) and team requests, for "export my data". */
registerExportSection('team_memberships', (db, userId) =>
  db
    .select({
      team_id: teams.id,
      team: teams.name,
      workspace_id: teams.workspaceId,
      role: teamMembers.role,
      joined_at: teamMembers.joinedAt,
      ended_at: teamMembers.deletedAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId)),
);
registerExportSection('team_requests', (db, userId) =>
  db
    .select()
    .from(teamRequests)
    .where(or(eq(teamRequests.userId, userId), eq(teamRequests.createdBy, userId))),
);

registerPerformanceMetric('teams', 'profile', async (db, person) => {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, person.id), isNull(teamMembers.deletedAt)));
  return row.n;
});
