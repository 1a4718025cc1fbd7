import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MEMBER_CAP, type SkipReason, type WorkspaceRoleName } from '@contracts/workspaces';
import { keyNamed } from '../../../auth/signing-keys';
import { sealedSplitToken } from '../../../auth/split-token';
import type { AppDeps } from '../../../context';
import type { Tx } from '../../../db/client';
import {
  users,
  workspaceInvitations,
  workspaceMembers,
  type UserRow,
  type WorkspaceRow,
} from '../../../db/schema';
import { refusal } from '../../../http/errors';
import type { Language } from '../../../i18n';
import { notify } from '../../../core/notify';
import { createOneTimeToken } from '../../../auth/one-time-tokens';
import { mailTokenKey, queueWorkspaceMails, type WorkspaceMail } from '../mails';
import { lockWorkspace, seatsTaken } from '../members/member-cap';
import { invitationsOpenIn } from '../../../core/workspace-ids';

const DAY_MS = 86_400_000;
/** How long an e-mailed invitation stays open. */
export const INVITATION_TTL_MS = 14 * DAY_MS;
/** The one-click sign-in in an invitation to an existing account is shorter-lived. */
const SIGN_IN_LINK_TTL_MS = 3 * DAY_MS;

/**
 * The columns of a fresh e-mailed invitation token (a new one also resets its tries). It is
 * sealed, so the mail job rebuilds the link from the selector.
 */
export function newInvitationToken(deps: Pick<AppDeps, 'signingKeys'>) {
  const signing = deps.signingKeys.current();
  const token = sealedSplitToken(mailTokenKey(signing));
  return {
    raw: token.raw,
    selector: token.selector,
    kid: signing.kid,
    columns: { tokenSelector: token.selector, tokenHash: token.verifierHash, attempts: 0 },
  };
}

/** A shareable link code, like the database default: 32 hex characters. */
export function newInviteCode() {
  return randomBytes(16).toString('hex');
}

export interface InviteEntry {
  email: string;
  role: WorkspaceRoleName;
}

export interface InviteOutcome {
  email: string;
  status: 'added' | 'invited' | 'skipped';
  reason: SkipReason | null;
}

/**
 * Invites people to a workspace by e-mail, in one transaction. Every address gets an
 * outcome: invited (an open invitation and a mail with a join link), added (with
 * `addExisting`, people who already have an account become members at once and are told by
 * mail) or skipped with the reason. Over the member cap, `overCap: 'refuse'` refuses the whole
 * request with 409 and `'skip'` skips the rows that do not fit. The mails are queued in the
 * transaction and go out from a job once it commits.
 */
export async function inviteToWorkspace(
  deps: AppDeps,
  tx: Tx,
  options: {
    workspace: WorkspaceRow;
    inviter: UserRow;
    language: Language;
    entries: InviteEntry[];
    addExisting: boolean;
    overCap: 'refuse' | 'skip';
  },
): Promise<{ outcomes: InviteOutcome[]; addedUserIds: number[] }> {
  const { workspace, inviter, entries } = options;
  await lockWorkspace(tx, workspace.id);
  const emails = [...new Set(entries.map((e) => e.email.toLowerCase()))];
  const members = emails.length
    ? await tx
        .select({ email: sql<string>`lower(${users.email})` })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(
          and(
            eq(workspaceMembers.workspaceId, workspace.id),
            inArray(sql`lower(${users.email})`, emails),
          ),
        )
    : [];
  const memberEmails = new Set(members.map((m) => m.email));
  const open = emails.length
    ? await tx
        .select()
        .from(workspaceInvitations)
        .where(
          and(
            invitationsOpenIn(workspace.id),
            inArray(sql`lower(${workspaceInvitations.email})`, emails),
          ),
        )
    : [];
  const openByEmail = new Map(open.map((i) => [i.email.toLowerCase(), i]));
  const accounts = emails.length
    ? await tx
        .select()
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    : [];
  const accountByEmail = new Map(accounts.map((u) => [u.email.toLowerCase(), u]));

  const taken = await seatsTaken(tx, workspace.id);
  let free = MEMBER_CAP - taken.members - taken.pending;
  const now = new Date();
  const seen = new Set<string>();
  const plan: { entry: InviteEntry; outcome: InviteOutcome }[] = [];
  for (const entry of entries) {
    const email = entry.email.toLowerCase();
    const skip = (reason: SkipReason) =>
      plan.push({ entry, outcome: { email, status: 'skipped', reason } });
    if (seen.has(email)) {
      skip('duplicate');
      continue;
    }
    seen.add(email);
    const pending = openByEmail.get(email);
    if (memberEmails.has(email)) skip('already_member');
    else if (pending && pending.expiresAt > now) skip('already_invited');
    else if (free <= 0) skip('member_cap');
    else {
      free -= 1;
      const account = accountByEmail.get(email);
      const adds = options.addExisting && account && account.verifiedAt && !account.deletedAt;
      plan.push({ entry, outcome: { email, status: adds ? 'added' : 'invited', reason: null } });
    }
  }
  if (options.overCap === 'refuse' && plan.some((p) => p.outcome.reason === 'member_cap')) {
    throw refusal(409, 'member_cap_reached', 'workspaces:messages.member_cap_reached', {
      cap: MEMBER_CAP,
      members: taken.members,
      pending: taken.pending,
    });
  }

  const mails: WorkspaceMail[] = [];
  const addedUserIds: number[] = [];
  for (const { entry, outcome } of plan) {
    const account = accountByEmail.get(outcome.email) ?? null;
    if (outcome.status === 'added' && account) {
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: workspace.id, userId: account.id, role: entry.role });
      addedUserIds.push(account.id);
      await tellInvitee(tx, { workspace, inviter, userId: account.id }, 'workspace_added', {
        link: `/workspaces/${workspace.id}`,
      });
      mails.push({
        key: `added:${workspace.id}:${account.id}:${now.getTime()}`,
        kind: 'added_to_workspace',
        to: { email: account.email, name: account.firstName || null, language: account.language },
        vars: { workspace: workspace.name, inviter: inviterName(inviter) },
        link: { path: `/workspaces/${workspace.id}` },
      });
    } else if (outcome.status === 'invited') {
      const token = newInvitationToken(deps);
      const previous = openByEmail.get(outcome.email);
      const values = {
        role: entry.role,
        ...token.columns,
        invitedBy: inviter.id,
        sentAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      };
      // An expired invitation to the same address is renewed rather than duplicated.
      if (previous) {
        await tx
          .update(workspaceInvitations)
          .set(values)
          .where(eq(workspaceInvitations.id, previous.id));
      } else {
        await tx
          .insert(workspaceInvitations)
          .values({ ...values, workspaceId: workspace.id, email: outcome.email });
      }
      if (account && !account.deletedAt) {
        // The mail carries the way in; the notification says an invitation waits there.
        await tellInvitee(tx, { workspace, inviter, userId: account.id }, 'workspace_invited');
      }
      mails.push(
        await invitationMail(deps, tx, {
          workspace,
          inviter,
          email: outcome.email,
          account,
          tokenSelector: token.selector,
          tokenKid: token.kid,
          language: options.language,
        }),
      );
    }
  }
  await queueWorkspaceMails(tx, mails);
  return { outcomes: plan.map((p) => p.outcome), addedUserIds };
}

/**
 * The in-app word to a person with an account that they were added to the workspace, or that
 * an invitation to it waits for them. Its mail is the invitation's own (no notification mail).
 */
function tellInvitee(
  tx: Tx,
  { workspace, inviter, userId }: { workspace: WorkspaceRow; inviter: UserRow; userId: number },
  said: 'workspace_added' | 'workspace_invited',
  options: { link?: string } = {},
) {
  return notify(tx, {
    userIds: [userId],
    kind: 'workspace_invited',
    workspaceId: workspace.id,
    actorId: inviter.id,
    reference: { type: 'workspace', id: workspace.id },
    data: { message_key: `notifications:kinds.${said}`, name: workspace.name },
    link: options.link,
    skipEmail: true,
  });
}

function inviterName(inviter: UserRow) {
  return `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email;
}

/**
 * The mail of one invitation. A new address gets the registration page for this invitation;
 * an existing account gets the join page with a one-click sign-in (`/join?token=…&signin=…`):
 * the page signs the person in with it when they are signed out, then joins.
 */
export async function invitationMail(
  deps: AppDeps,
  tx: Tx,
  options: {
    workspace: WorkspaceRow;
    inviter: UserRow;
    email: string;
    account: UserRow | null;
    tokenSelector: string;
    /** The key the invitation's token was derived with: the sign-in link's too. */
    tokenKid: string;
    language: Language;
  },
): Promise<WorkspaceMail> {
  const { workspace, inviter, account, tokenSelector, tokenKid } = options;
  const mail = {
    key: `invitation:${tokenSelector}`,
    vars: { workspace: workspace.name, inviter: inviterName(inviter) },
    kid: tokenKid,
  };
  if (account && !account.deletedAt) {
    const signIn = sealedSplitToken(mailTokenKey(await keyNamed(deps.signingKeys, tokenKid)));
    await createOneTimeToken(tx, 'sign_in_link', {
      userId: account.id,
      email: account.email,
      payload: { workspace_id: workspace.id },
      ttlMs: SIGN_IN_LINK_TTL_MS,
      token: signIn,
    });
    return {
      ...mail,
      kind: 'invitation_existing_account',
      to: { email: account.email, name: account.firstName || null, language: account.language },
      link: {
        path: '/join',
        query: { token: '{token}', signin: '{signin}' },
        sealed: { token: tokenSelector, signin: signIn.selector },
      },
    };
  }
  return {
    ...mail,
    kind: 'invitation_new_account',
    to: { email: options.email, name: null, language: options.language },
    link: { path: '/register/{token}', sealed: { token: tokenSelector } },
  };
}
