import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceOperation } from '../../../../core/workspace-access';
import { users, workspaceInvitations } from '../../../../db/schema';
import type { Language } from '../../../../i18n';
import type { InvitationsDeps } from '../../deps';
import { queueWorkspaceMails } from '../../mails';
import { assertSeatsFree, lockWorkspace } from '../../members/member-cap';
import { presentInvitation } from '../../present';
import { INVITATION_TTL_MS, invitationMail, newInvitationToken } from '../invite';
import { accountOf, openInvitation } from '../load';

/** Sends an invitation again with a fresh link and expiry. */
export const resendInvitation = workspaceOperation(
  'invite_members',
  async (
    deps: InvitationsDeps,
    access,
    input: { workspaceId: number; invitationId: number; language: Language },
    actor: Actor,
  ) => {
    const { db } = deps;
    const inviter = await accountOf(db, actor);
    const updated = await db.transaction(async (tx) => {
      await lockWorkspace(tx, access.workspace.id);
      const invitation = await openInvitation(tx, access.workspace.id, input.invitationId);
      // An expired invitation no longer holds a seat; renewing it takes one again.
      if (invitation.expiresAt <= new Date()) {
        await assertSeatsFree(tx, access.workspace.id, 1, { exceptInvitationId: invitation.id });
      }
      const token = newInvitationToken(deps);
      const now = new Date();
      const [row] = await tx
        .update(workspaceInvitations)
        .set({
          ...token.columns,
          sentAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
          invitedBy: inviter.id,
        })
        .where(eq(workspaceInvitations.id, invitation.id))
        .returning();
      const [account] = await tx
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, invitation.email.toLowerCase()));
      const mail = await invitationMail(deps, tx, {
        workspace: access.workspace,
        inviter,
        email: invitation.email,
        account: account ?? null,
        tokenSelector: token.selector,
        tokenKid: token.kid,
        language: input.language,
      });
      await queueWorkspaceMails(tx, [mail]);
      return row;
    });
    return presentInvitation(updated, inviter);
  },
  { change: true },
);
