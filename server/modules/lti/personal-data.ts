import { eq, or } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { deleteRowsOfPerson, rowsOfPerson } from '../../core/export-sections';
import {
  ltiContexts,
  ltiLaunches,
  ltiMembers,
  ltiPlatforms,
  ltiRosterSyncs,
} from '../../db/schema';

/** How learning platforms know the person: their LMS id per course, launches, platforms. */
export const exportSections: ExportSection[] = [
  {
    name: 'lti',
    tables: [ltiMembers, ltiLaunches, ltiPlatforms, ltiRosterSyncs],
    read: async (db, userId) => ({
      courses: await rowsOfPerson(
        db,
        ltiMembers.userId,
        userId,
        {
          platform: ltiPlatforms.name,
          course: ltiContexts.title,
          workspace_id: ltiContexts.workspaceId,
          lms_user_id: ltiMembers.subject,
        },
        [
          [ltiContexts, eq(ltiContexts.id, ltiMembers.contextId)],
          [ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId)],
        ],
      ),
      launches: await rowsOfPerson(
        db,
        ltiLaunches.userId,
        userId,
        {
          platform: ltiPlatforms.name,
          workspace_id: ltiLaunches.workspaceId,
          expires_at: ltiLaunches.expiresAt,
          used_at: ltiLaunches.usedAt,
        },
        [[ltiPlatforms, eq(ltiPlatforms.id, ltiLaunches.platformId)]],
      ),
      platforms_registered_or_approved: await db
        .select({ name: ltiPlatforms.name, issuer: ltiPlatforms.issuer })
        .from(ltiPlatforms)
        .where(or(eq(ltiPlatforms.ownerId, userId), eq(ltiPlatforms.approvedBy, userId))),
      class_lists_requested: await rowsOfPerson(db, ltiRosterSyncs.requestedBy, userId, {
        workspace_id: ltiRosterSyncs.workspaceId,
        status: ltiRosterSyncs.status,
        created_at: ltiRosterSyncs.createdAt,
      }),
    }),
  },
];

/**
 * The person's LMS ids and launches go (no more grades are sent back for a deleted account).
 * A platform they registered or approved stays: the workspaces linked to it still use it. A
 * class list they asked for stays as the workspace's record, its `requested_by` cleared.
 */
export const accountDeletion: AccountDeletion = {
  erases: [ltiMembers, ltiLaunches],
  keeps: [ltiPlatforms, ltiRosterSyncs],
  async erase(tx, userId) {
    await deleteRowsOfPerson(tx, userId, ltiMembers.userId, ltiLaunches.userId);
  },
};
