import { eq, or } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { rowsOfPerson } from '../../core/export-sections';
import { publicWorkspaces, teamFormationRuns } from '../../db/schema';

/** Team formation runs a person started or confirmed, and workspaces they published. */
export const exportSections: ExportSection[] = [
  {
    name: 'team_formation',
    tables: [teamFormationRuns, publicWorkspaces],
    read: async (db, userId) => ({
      runs: await db
        .select({
          workspace_id: teamFormationRuns.workspaceId,
          status: teamFormationRuns.status,
          started_by_me: eq(teamFormationRuns.createdBy, userId),
          created_at: teamFormationRuns.createdAt,
          confirmed_at: teamFormationRuns.confirmedAt,
        })
        .from(teamFormationRuns)
        .where(
          or(eq(teamFormationRuns.createdBy, userId), eq(teamFormationRuns.confirmedBy, userId)),
        ),
      published_workspaces: await rowsOfPerson(db, publicWorkspaces.publishedBy, userId, {
        workspace_id: publicWorkspaces.workspaceId,
        summary: publicWorkspaces.summary,
        published_at: publicWorkspaces.publishedAt,
      }),
    }),
  },
];

/** Runs made the workspace's teams and a published workspace is the workspace's: both stay. */
export const accountDeletion: AccountDeletion = {
  erases: [],
  keeps: [teamFormationRuns, publicWorkspaces],
};
