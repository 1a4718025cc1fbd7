import { and, eq, lt, sql } from 'drizzle-orm';
import type { InvitationPreview } from '@contracts/workspaces';
import { hashMatches, MAX_SECRET_ATTEMPTS, parseSplitToken } from '../../../auth/split-token';
import type { DbOrTx, Tx } from '../../../db/client';
import {
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  type UserRow,
  type WorkspaceInvitationRow,
  type WorkspaceRow,
} from '../../../db/schema';
import { conflict, refusal, validationFailed } from '../../../http/errors';
import { assertSeatsFree, lockWorkspace } from '../members/member-cap';
import { seatCounts } from '../present';

type FoundInvitation =
  | { kind: 'email'; invitation: WorkspaceInvitationRow; workspace: WorkspaceRow }
  | { kind: 'link'; invitation: null; workspace: WorkspaceRow };

const invalid = () => refusal(410, 'invitation_invalid', 'workspaces:messages.invitation_invalid');

const open = (invitation: WorkspaceInvitationRow) =>
  !invitation.revokedAt &&
  !invitation.acceptedAt &&
  invitation.expiresAt > new Date() &&
  invitation.attempts < MAX_SECRET_ATTEMPTS;

/**
 * Counts one try of an e-mailed invitation token against its invitation, in its own write
 * (call it outside any transaction, before the work the token allows), and refuses a wrong or
 * spent token (410). After MAX_SECRET_ATTEMPTS wrong tries the invitation is spent. A right
 * token gives its try back; the invitation is used up when it is accepted. Shareable link
 * codes are not one-time secrets and pass through to findInvitation.
 */
export async function attemptInvitationToken(db: DbOrTx, token: string): Promise<void> {
  const parts = parseSplitToken(token);
  if (!parts) return;
  const [invitation] = await db
    .update(workspaceInvitations)
    .set({ attempts: sql`${workspaceInvitations.attempts} + 1` })
    .where(
      and(
        eq(workspaceInvitations.tokenSelector, parts.selector),
        lt(workspaceInvitations.attempts, MAX_SECRET_ATTEMPTS),
      ),
    )
    .returning();
  if (!invitation || !hashMatches(parts.verifier, invitation.tokenHash)) throw invalid();
  await db
    .update(workspaceInvitations)
    .set({ attempts: sql`greatest(${workspaceInvitations.attempts} - 1, 0)` })
    .where(eq(workspaceInvitations.id, invitation.id));
}

/**
 * The invitation behind a token: an e-mailed invitation (selector and verifier, checked in
 * constant time) or a workspace's shareable link code. Spent, revoked, expired and guessed-at
 * invitations are gone (410).
 */
export async function findInvitation(db: DbOrTx, token: string): Promise<FoundInvitation> {
  const parts = parseSplitToken(token);
  if (parts) {
    const [byMail] = await db
      .select({ invitation: workspaceInvitations, workspace: workspaces })
      .from(workspaceInvitations)
      .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
      .where(eq(workspaceInvitations.tokenSelector, parts.selector));
    if (!byMail || !hashMatches(parts.verifier, byMail.invitation.tokenHash)) throw invalid();
    if (!open(byMail.invitation)) throw invalid();
    return { kind: 'email', ...byMail };
  }
  const [byLink] = await db.select().from(workspaces).where(eq(workspaces.inviteCode, token));
  if (!byLink) throw invalid();
  return { kind: 'link', invitation: null, workspace: byLink };
}

export async function previewInvitation(db: DbOrTx, token: string): Promise<InvitationPreview> {
  const found = await findInvitation(db, token);
  const { workspace } = found;
  if (workspace.status === 'archived') throw invalid();
  const seats = (await seatCounts(db, [workspace.id])).get(workspace.id) ?? 0;
  let inviter: string | null = null;
  let accountExists: boolean | null = null;
  if (found.kind === 'email') {
    const invitedBy = found.invitation.invitedBy;
    const [row] = invitedBy ? await db.select().from(users).where(eq(users.id, invitedBy)) : [];
    inviter = row ? `${row.firstName} ${row.lastName}`.trim() || row.email : null;
    // The holder of an e-mailed token owns that address, so telling them is no leak.
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, found.invitation.email.toLowerCase()));
    accountExists = Boolean(account);
  }
  return {
    kind: found.kind,
    workspace: {
      name: workspace.name,
      workspace_type: workspace.workspaceType,
      color: workspace.schema.color ?? null,
      members_count: seats,
    },
    email: found.kind === 'email' ? found.invitation.email : null,
    invited_by: inviter,
    account_exists: accountExists,
  };
}

/**
 * Makes the signed-in person a member through an invitation token. An e-mailed invitation
 * only admits the address it was sent to and gives its role; the shareable link makes
 * members. Joining twice is harmless. The member cap applies (409).
 */
export async function joinWorkspace(
  tx: Tx,
  token: string,
  user: UserRow,
): Promise<{
  workspace: WorkspaceRow;
  role: WorkspaceInvitationRow['role'];
  alreadyMember: boolean;
  kind: 'email' | 'link';
}> {
  const found = await findInvitation(tx, token);
  const { workspace, invitation } = found;
  if (invitation && invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw refusal(403, 'invitation_other_email', 'workspaces:messages.invitation_other_email', {
      email: invitation.email,
    });
  }
  if (workspace.status === 'archived') throw conflict('workspaces:messages.archived_read_only');
  await lockWorkspace(tx, workspace.id);
  const [existing] = await tx
    .select()
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, user.id)),
    );
  const role = existing?.role ?? invitation?.role ?? 'member';
  if (!existing) {
    await assertSeatsFree(tx, workspace.id, 1, { exceptInvitationId: invitation?.id });
    await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: user.id, role });
  }
  if (invitation) {
    await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: user.id })
      .where(eq(workspaceInvitations.id, invitation.id));
  }
  await tx.update(users).set({ lastActiveWorkspaceId: workspace.id }).where(eq(users.id, user.id));
  return { workspace, role, alreadyMember: Boolean(existing), kind: found.kind };
}

/**
 * Sign-up with an invitation token (the /register/:token page): the new account joins at
 * once. An e-mailed invitation proves the address, so the account needs no verification
 * mail; it must be made for the invited address.
 */
export async function joinOnSignUp(
  tx: Tx,
  token: string,
  user: UserRow,
): Promise<{ emailProven: boolean; workspaceId: number }> {
  const found = await findInvitation(tx, token);
  if (found.invitation && found.invitation.email.toLowerCase() !== user.email.toLowerCase()) {
    throw validationFailed({ email: 'workspaces:messages.invitation_other_email_short' });
  }
  const joined = await joinWorkspace(tx, token, user);
  const workspaceId = joined.workspace.id;
  if (joined.kind !== 'email') return { emailProven: false, workspaceId };
  await tx.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, user.id));
  return { emailProven: true, workspaceId };
}
