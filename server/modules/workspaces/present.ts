import { and, count, eq, inArray, ne } from 'drizzle-orm';
import {
  DEFAULT_SECTIONS,
  WORKSPACE_SECTIONS,
  type Invitation,
  type Member,
  type Workspace,
  type WorkspaceSection,
  type WorkspaceStatus,
} from '@contracts/workspaces';
import { abilitiesFor, permissionsFor } from '../../auth/permissions';
import type { DbOrTx } from '../../db/client';
import {
  users,
  workspaceMembers,
  type WorkspaceInvitationRow,
  type WorkspaceMemberRow,
  type WorkspaceRole,
  type WorkspaceRow,
} from '../../db/schema';
import { personColumns, presentPerson, type PersonJson, type PersonRow } from '../../core/people';

export function presentMember(
  membership: Pick<WorkspaceMemberRow, 'role' | 'joinedAt'>,
  user: PersonRow,
): Member {
  return {
    ...presentPerson(user),
    role: membership.role,
    joined_at: membership.joinedAt.toISOString(),
  };
}

/** Today in UTC as YYYY-MM-DD: the day a workspace's end date is compared with. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Spec 4's list a workspace is in: archived when archived; previous (closed) when closed by
 * hand or once its end date has passed; otherwise open.
 */
export function statusOf(
  workspace: Pick<WorkspaceRow, 'status' | 'endDate'>,
  today = todayUtc(),
): WorkspaceStatus {
  if (workspace.status === 'archived') return 'archived';
  if (workspace.status === 'closed' || (workspace.endDate && workspace.endDate < today)) {
    return 'closed';
  }
  return 'open';
}

/**
 * The submenu of a workspace. "Tasks and assessments" is what is due, not the lists: a
 * workspace that has it also has the task and assessment lists beside it, one click away
 * (docs/decisions/journeys.md).
 */
export function sectionsOf(
  workspace: Pick<WorkspaceRow, 'sections' | 'workspaceType'>,
): WorkspaceSection[] {
  const chosen = (workspace.sections ?? []).filter((s): s is WorkspaceSection =>
    (WORKSPACE_SECTIONS as readonly string[]).includes(s),
  );
  const sections = chosen.length > 0 ? chosen : [...DEFAULT_SECTIONS[workspace.workspaceType]];
  const due = sections.indexOf('tasks-assessments');
  if (due < 0) return sections;
  const lists = (['tasks', 'assessments'] as const).filter((s) => !sections.includes(s));
  return [...sections.slice(0, due + 1), ...lists, ...sections.slice(due + 1)];
}

/** Members who hold a seat: everyone but deactivated members. */
export async function seatCounts(db: DbOrTx, workspaceIds: number[]) {
  if (workspaceIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ workspaceId: workspaceMembers.workspaceId, n: count() })
    .from(workspaceMembers)
    .where(
      and(
        inArray(workspaceMembers.workspaceId, workspaceIds),
        ne(workspaceMembers.role, 'deactive'),
      ),
    )
    .groupBy(workspaceMembers.workspaceId);
  return new Map(rows.map((r) => [r.workspaceId, Number(r.n)]));
}

/** Owners per workspace: the last one may not leave, so is not offered to. */
async function ownerCounts(db: DbOrTx, workspaceIds: number[]) {
  if (workspaceIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ workspaceId: workspaceMembers.workspaceId, n: count() })
    .from(workspaceMembers)
    .where(
      and(inArray(workspaceMembers.workspaceId, workspaceIds), eq(workspaceMembers.role, 'owner')),
    )
    .groupBy(workspaceMembers.workspaceId);
  return new Map(rows.map((r) => [r.workspaceId, Number(r.n)]));
}

export interface Viewer {
  id: number;
  isSupervisor: boolean;
}

/** What a workspace is presented from: its row, the viewer's role, its seats and creator. */
export interface WorkspaceListRow {
  workspace: WorkspaceRow;
  role: WorkspaceRole | null;
  membersCount: number;
  /** The last owner may not leave, so is not offered to. */
  ownersCount: number;
  creator: PersonRow | PersonJson | null;
}

/** Workspaces with the viewer's role and abilities; one query each for counts and creators. */
export async function presentWorkspaces(
  db: DbOrTx,
  rows: { workspace: WorkspaceRow; role: WorkspaceRole | null }[],
  viewer: Viewer,
): Promise<Workspace[]> {
  const ids = rows.map((r) => r.workspace.id);
  const creatorIds = [...new Set(rows.map((r) => r.workspace.createdBy))];
  const [seats, owners, creators] = await Promise.all([
    seatCounts(db, ids),
    ownerCounts(db, ids),
    creatorIds.length
      ? db.select(personColumns).from(users).where(inArray(users.id, creatorIds))
      : Promise.resolve([] as PersonRow[]),
  ]);
  const creatorById = new Map(creators.map((c) => [c.id, c]));
  const today = todayUtc();
  return rows.map((row) =>
    presentWorkspaceRow(
      {
        ...row,
        membersCount: seats.get(row.workspace.id) ?? 0,
        ownersCount: owners.get(row.workspace.id) ?? 0,
        creator: creatorById.get(row.workspace.createdBy) ?? null,
      },
      viewer,
      today,
    ),
  );
}

export function presentWorkspaceRow(
  { workspace, role, membersCount, ownersCount, creator }: WorkspaceListRow,
  viewer: Viewer,
  today = todayUtc(),
): Workspace {
  const permissions = permissionsFor(role, workspace.memberAccess);
  return {
    id: workspace.id,
    name: workspace.name,
    description: workspace.description,
    workspace_type: workspace.workspaceType,
    status: statusOf(workspace, today),
    start_date: workspace.startDate,
    end_date: workspace.endDate,
    created_at: workspace.createdAt.toISOString(),
    updated_at: workspace.updatedAt.toISOString(),
    archived_at: workspace.archivedAt?.toISOString() ?? null,
    schema: { color: workspace.schema.color ?? null },
    member_access: workspace.memberAccess,
    team_formation_strategy: workspace.teamFormationStrategy,
    pricing_rule: { payment_type: workspace.paymentType },
    sections: sectionsOf(workspace),
    role,
    members_count: membersCount,
    created_by: creator ? presentPerson(creator) : null,
    abilities: abilitiesFor(
      {
        isSupervisor: viewer.isSupervisor,
        role,
        permissions,
        isSoleOwner: role === 'owner' && ownersCount <= 1,
      },
      workspace.paymentType,
    ),
  };
}

export async function presentWorkspace(
  db: DbOrTx,
  workspace: WorkspaceRow,
  role: WorkspaceRole | null,
  viewer: Viewer,
): Promise<Workspace> {
  const [presented] = await presentWorkspaces(db, [{ workspace, role }], viewer);
  return presented;
}

export function presentInvitation(
  invitation: WorkspaceInvitationRow,
  invitedBy: PersonRow | null,
  now = new Date(),
): Invitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invited_by: invitedBy ? presentPerson(invitedBy) : null,
    created_at: invitation.createdAt.toISOString(),
    sent_at: invitation.sentAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
    is_expired: invitation.expiresAt <= now,
  };
}

/** The workspace as the caller of `access` sees it, `row` being its latest row. */
export function presentAccessed(
  db: DbOrTx,
  access: {
    workspace: WorkspaceRow;
    role: WorkspaceRole | null;
    userId: number;
    isSupervisor: boolean;
  },
  row: WorkspaceRow = access.workspace,
): Promise<Workspace> {
  return presentWorkspace(db, row, access.role, {
    id: access.userId,
    isSupervisor: access.isSupervisor,
  });
}
