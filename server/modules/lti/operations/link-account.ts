import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { displayName } from '../../../core/people';
import { users } from '../../../db/schema';
import { notFound, refusal } from '../../../http/errors';
import { confirmLink, pendingLink, signedInSince } from '../link';
import type { LtiDeps } from './deps';

async function requirePendingLink(deps: LtiDeps, cookieHeader: string | undefined) {
  const link = await pendingLink(deps.db, cookieHeader);
  if (!link) throw notFound('lti:messages.link_not_found');
  return link;
}

/**
 * The link this browser's cookie offers (docs/decisions/lti.md, "Linking"): the platform, the
 * person the launch made, the account signed in here (when another one), and whether it may
 * confirm (signed in by its own means since the launch).
 */
export async function showPendingLink(
  deps: LtiDeps,
  signedIn: Actor | null,
  input: { cookieHeader?: string },
) {
  const { db } = deps;
  const link = await requirePendingLink(deps, input.cookieHeader);
  const other = signedIn !== null && signedIn.userId !== link.launch.userId ? signedIn : null;
  const fresh =
    other !== null && (await signedInSince(db, other.sessionId ?? '', link.launch.usedAt));
  const [account] = other ? await db.select().from(users).where(eq(users.id, other.userId)) : [];
  return {
    platform: {
      id: link.platform.id,
      name: link.platform.name,
      approved: link.platform.approvedAt !== null,
    },
    person_name: `${link.person.firstName} ${link.person.lastName}`.trim(),
    account: account ? { email: account.email, name: displayName(account) } : null,
    can_confirm: fresh,
  };
}

/** Moves the launch's platform identity to the actor's account, signed in here since. */
export async function confirmPendingLink(
  deps: LtiDeps,
  actor: Actor,
  input: { cookieHeader?: string },
) {
  const { db } = deps;
  const link = await requirePendingLink(deps, input.cookieHeader);
  if (!(await signedInSince(db, actor.sessionId ?? '', link.launch.usedAt))) {
    throw refusal(403, 'sign_in_required', 'lti:messages.link_sign_in_first');
  }
  const { workspaceId } = await db.transaction((tx) => confirmLink(tx, link, { id: actor.userId }));
  return { redirect: workspaceId ? `/workspaces/${workspaceId}` : '/workspaces' };
}
