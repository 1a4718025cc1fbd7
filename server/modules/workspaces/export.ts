import { eq, sql } from 'drizzle-orm';
import {
  boardViews,
  pins,
  users,
  workspaceDrafts,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { registerExportSection } from '../../core/export-sections';

/** What the workspaces module keeps about a person, for "export my data". */
registerExportSection('workspaces', async (db, userId) => {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return {
    memberships: await db
      .select({
        workspace_id: workspaces.id,
        workspace: workspaces.name,
        role: workspaceMembers.role,
        joined_at: workspaceMembers.joinedAt,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId)),
    invitations_received: user
      ? await db
          .select({
            workspace: workspaces.name,
            role: workspaceInvitations.role,
            sent_at: workspaceInvitations.sentAt,
            accepted_at: workspaceInvitations.acceptedAt,
            revoked_at: workspaceInvitations.revokedAt,
          })
          .from(workspaceInvitations)
          .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
          .where(eq(sql`lower(${workspaceInvitations.email})`, user.email.toLowerCase()))
      : [],
    board_views: await db
      .select({
        workspace_id: boardViews.workspaceId,
        name: boardViews.name,
        config: boardViews.config,
      })
      .from(boardViews)
      .where(eq(boardViews.userId, userId)),
    personal_pins: await db
      .select({
        workspace_id: pins.workspaceId,
        reference_type: pins.referenceType,
        reference_id: pins.referenceId,
        title: pins.title,
        url: pins.url,
      })
      .from(pins)
      .where(eq(pins.userId, userId)),
    workspace_drafts: await db
      .select({
        basic_information: workspaceDrafts.basicInformation,
        plan: workspaceDrafts.plan,
        schedule: workspaceDrafts.schedule,
        created_at: workspaceDrafts.createdAt,
      })
      .from(workspaceDrafts)
      .where(eq(workspaceDrafts.userId, userId)),
  };
});
