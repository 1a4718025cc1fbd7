import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { users, workspaceInvitations, type UserRow } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { invitationsOpenIn } from '../../../core/workspace-ids';

/** The actor's account: mails name who invited, and a join checks whose address it is. */
export async function accountOf(db: DbOrTx, actor: Actor): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, actor.userId));
  return row;
}

/** An invitation of the workspace not yet accepted or revoked; 404 otherwise. */
export async function openInvitation(db: DbOrTx, workspaceId: number, invitationId: number) {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, invitationId), invitationsOpenIn(workspaceId)));
  if (!row) throw notFound('workspaces:messages.invitation_not_found');
  return row;
}
