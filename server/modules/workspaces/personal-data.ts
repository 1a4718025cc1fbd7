import { eq, sql } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { deleteRowsOfPerson, rowsOfPerson } from '../../core/export-sections';
import {
  boardViews,
  criteria,
  nameBanks,
  pins,
  schedules,
  users,
  workspaceDrafts,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from '../../db/schema';

/** What the workspaces module keeps about a person, for "export my data". */
const workspacesSection: ExportSection['read'] = async (db, userId) => {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return {
    memberships: await rowsOfPerson(
      db,
      workspaceMembers.userId,
      userId,
      {
        workspace_id: workspaces.id,
        workspace: workspaces.name,
        role: workspaceMembers.role,
        joined_at: workspaceMembers.joinedAt,
      },
      [[workspaces, eq(workspaces.id, workspaceMembers.workspaceId)]],
    ),
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
    // Whom they invited is the invitee's data; when and where is theirs.
    invitations_sent: await rowsOfPerson(
      db,
      workspaceInvitations.invitedBy,
      userId,
      {
        workspace: workspaces.name,
        role: workspaceInvitations.role,
        sent_at: workspaceInvitations.sentAt,
      },
      [[workspaces, eq(workspaces.id, workspaceInvitations.workspaceId)]],
    ),
    board_views: await rowsOfPerson(db, boardViews.userId, userId, {
      workspace_id: boardViews.workspaceId,
      name: boardViews.name,
      config: boardViews.config,
    }),
    personal_pins: await rowsOfPerson(db, pins.userId, userId, {
      workspace_id: pins.workspaceId,
      reference_type: pins.referenceType,
      reference_id: pins.referenceId,
      title: pins.title,
      url: pins.url,
    }),
    workspace_drafts: await rowsOfPerson(db, workspaceDrafts.userId, userId, {
      basic_information: workspaceDrafts.basicInformation,
      plan: workspaceDrafts.plan,
      schedule: workspaceDrafts.schedule,
      created_at: workspaceDrafts.createdAt,
    }),
  };
};

/** Things a person made for a workspace: named, so they know what carries their name. */
const createdSection: ExportSection['read'] = async (db, userId) => ({
  workspaces: await rowsOfPerson(db, workspaces.createdBy, userId, {
    id: workspaces.id,
    name: workspaces.name,
    created_at: workspaces.createdAt,
  }),
  criteria: await rowsOfPerson(db, criteria.createdBy, userId, {
    workspace_id: criteria.workspaceId,
    name: criteria.name,
  }),
  name_banks: await rowsOfPerson(db, nameBanks.createdBy, userId, {
    workspace_id: nameBanks.workspaceId,
    name: nameBanks.name,
  }),
  schedules: await rowsOfPerson(db, schedules.createdBy, userId, {
    workspace_id: schedules.workspaceId,
    name: schedules.name,
  }),
});

export const exportSections: ExportSection[] = [
  {
    name: 'workspaces',
    tables: [workspaceMembers, workspaceInvitations, boardViews, pins, workspaceDrafts],
    read: workspacesSection,
  },
  {
    name: 'workspace_things_created',
    tables: [workspaces, criteria, nameBanks, schedules],
    read: createdSection,
  },
];

/**
 * Memberships, workspaces and what was set up in them stay (the workspace's members see a
 * deleted account); invitations stay as the workspace's record. The person's own views,
 * pins and unfinished workspace drafts go.
 */
export const accountDeletion: AccountDeletion = {
  erases: [boardViews, pins, workspaceDrafts],
  keeps: [workspaces, workspaceMembers, workspaceInvitations, criteria, nameBanks, schedules],
  async erase(tx, userId) {
    await deleteRowsOfPerson(tx, userId, boardViews.userId, pins.userId, workspaceDrafts.userId);
  },
};
