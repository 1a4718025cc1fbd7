import { eq, or } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { rowsOfPerson } from '../../core/export-sections';
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
      courses: await db
        .select({
          platform: ltiPlatforms.name,
          course: ltiContexts.title,
          workspace_id: ltiContexts.workspaceId,
          lms_user_id: ltiMembers.subject,
        })
        .from(ltiMembers)
        .innerJoin(ltiContexts, eq(ltiContexts.id, ltiMembers.contextId))
        .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
        .where(eq(ltiMembers.userId, userId)),
      launches: await db
        .select({
          platform: ltiPlatforms.name,
          workspace_id: ltiLaunches.workspaceId,
          expires_at: ltiLaunches.expiresAt,
          used_at: ltiLaunches.usedAt,
        })
        .from(ltiLaunches)
        .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLaunches.platformId))
        .where(eq(ltiLaunches.userId, userId)),
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
    await tx.delete(ltiMembers).where(eq(ltiMembers.userId, userId));
    await tx.delete(ltiLaunches).where(eq(ltiLaunches.userId, userId));
  },
};
