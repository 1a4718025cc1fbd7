import { and, eq, inArray, isNull, notInArray, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import {
  CRITERIA_TYPES,
  criteria,
  teamMembers,
  teams,
  users,
  workspaceInvitations,
  workspaceMembers,
  type WorkspaceRole,
} from '../db/schema';

/**
 * How `workspace_members` joins a row: the membership of `user` (an id, or the row's column)
 * in the row's workspace.
 */
export const membershipIn = (workspaceId: AnyPgColumn, user: number | AnyPgColumn) =>
  and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, user));

/**
 * The team memberships in the workspace that have not ended: of a person, of these people, or
 * (no `user`) of everyone.
 */
export const currentTeamMembership = (workspaceId: number, user?: number | readonly number[]) =>
  and(
    eq(teamMembers.workspaceId, workspaceId),
    user === undefined
      ? undefined
      : typeof user === 'number'
        ? eq(teamMembers.userId, user)
        : inArray(teamMembers.userId, [...user]),
    isNull(teamMembers.deletedAt),
  );

/** The workspace's teams that are not deleted. */
export const activeTeams = (workspaceId: number) =>
  and(eq(teams.workspaceId, workspaceId), isNull(teams.deletedAt));

/** The ids of a person's workspaces (any role), as a subquery; with `workspaceId`, that one if theirs. */
export const workspaceIdsOf = (db: DbOrTx, userId: number, workspaceId?: number) =>
  db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.userId, userId),
        workspaceId === undefined ? undefined : eq(workspaceMembers.workspaceId, workspaceId),
      ),
    );

/** The workspace's invitations that are open: neither accepted nor revoked (expired ones too). */
export const invitationsOpenIn = (workspaceId: number) =>
  and(
    eq(workspaceInvitations.workspaceId, workspaceId),
    isNull(workspaceInvitations.acceptedAt),
    isNull(workspaceInvitations.revokedAt),
  );

/** Those of `userIds` who are members of the workspace in one of `roles`. */
export async function membersInRoles(
  db: DbOrTx,
  workspaceId: number,
  userIds: readonly number[],
  roles: readonly WorkspaceRole[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.userId, [...userIds]),
        inArray(workspaceMembers.role, [...roles]),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/**
 * The workspace's members in the member role whose account is not deleted (the people its
 * work is for), by id; `except`, a query of user ids, leaves those out.
 */
export async function learnerIds(
  db: DbOrTx,
  workspaceId: number,
  except?: SQLWrapper,
): Promise<number[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.role, 'member'),
        isNull(users.deletedAt),
        except && notInArray(workspaceMembers.userId, except),
      ),
    )
    .orderBy(workspaceMembers.userId);
  return rows.map((row) => row.userId);
}

/** Whether every one of `ids` is a tag (criterion) of the workspace of this type. */
export async function tagsExist(
  db: DbOrTx,
  workspaceId: number,
  type: (typeof CRITERIA_TYPES)[number],
  ids: readonly number[],
): Promise<boolean> {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: criteria.id })
    .from(criteria)
    .where(
      and(
        eq(criteria.workspaceId, workspaceId),
        eq(criteria.type, type),
        inArray(criteria.id, unique),
      ),
    );
  return found.length === unique.length;
}
