import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import { MEMBER_CAP } from '@contracts/workspaces';
import type { DbOrTx } from '../../../db/client';
import { workspaceInvitations, workspaceMembers, workspaces } from '../../../db/schema';
import { refusal } from '../../../http/errors';
import { invitationsOpenIn } from '../../../core/workspace-ids';

/**
 * Seats taken under the member cap: members who are not deactivated, plus invitations by
 * e-mail that are still open (each one reserves the seat its invitee will take).
 * docs/decisions/member-cap-and-invitations.md explains why.
 */
export async function seatsTaken(
  db: DbOrTx,
  workspaceId: number,
  options: { exceptInvitationId?: number } = {},
): Promise<{ members: number; pending: number }> {
  const [members] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.role, 'deactive')),
    );
  const [pending] = await db
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(
      and(
        invitationsOpenIn(workspaceId),
        gt(workspaceInvitations.expiresAt, new Date()),
        options.exceptInvitationId
          ? ne(workspaceInvitations.id, options.exceptInvitationId)
          : undefined,
      ),
    );
  return { members: Number(members.n), pending: Number(pending.n) };
}

/**
 * Locks the workspace row for the rest of the transaction, so two joins or invitations at
 * the same moment cannot both take the last seat.
 */
export async function lockWorkspace(db: DbOrTx, workspaceId: number) {
  await db.execute(sql`select id from ${workspaces} where id = ${workspaceId} for update`);
}

/** 409 unless `adding` more seats fit under the cap. */
export async function assertSeatsFree(
  db: DbOrTx,
  workspaceId: number,
  adding: number,
  options: { exceptInvitationId?: number } = {},
) {
  const taken = await seatsTaken(db, workspaceId, options);
  if (taken.members + taken.pending + adding > MEMBER_CAP) {
    throw refusal(409, 'member_cap_reached', 'workspaces:messages.member_cap_reached', {
      cap: MEMBER_CAP,
      members: taken.members,
      pending: taken.pending,
    });
  }
}
