import type { z } from 'zod';
import type { signUpBody } from '@contracts/auth';
import { hashSecret } from '../../../auth/password';
import { isUniqueViolation } from '../../../db/errors';
import { users } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import type { Language } from '../../../i18n';
import {
  announceMembershipChange,
  attemptInvitationToken,
  findInvitation,
  joinOnSignUp,
} from '../../workspaces';
import { findUserByEmail } from '../external-identity';
import { accountExistsMail, queueAccountMails } from '../mails';
import { recipient, verificationMail } from './account-mails';
import type { AuthDeps } from './deps';

/** The answer to a sign-up, whether or not the address already had an account. */
const signUpAnswer = (email: string, workspaceId: number | undefined) => ({
  result: {
    email,
    verification_required: true,
    ...(workspaceId !== undefined ? { workspace_id: workspaceId } : {}),
  },
  message: 'auth:messages.signed_up',
});

/**
 * Makes an account (spec 3), joining the workspace of an invitation it came with. A known
 * address answers like a new one; its owner gets a mail saying so instead.
 */
export async function signUp(
  deps: AuthDeps,
  input: { body: z.output<typeof signUpBody>; lang: Language },
) {
  const { db } = deps;
  const { body } = input;
  // The invitation is checked (and a try counted) first, the same for every address.
  let linkWorkspaceId: number | undefined;
  if (body.invite_token) {
    await attemptInvitationToken(db, body.invite_token);
    const found = await findInvitation(db, body.invite_token);
    if (found.invitation && found.invitation.email.toLowerCase() !== body.email.toLowerCase()) {
      throw validationFailed({ email: 'workspaces:messages.invitation_other_email_short' });
    }
    if (found.kind === 'link') linkWorkspaceId = found.workspace.id;
  }
  // A known address answers like a new one, so sign-up cannot tell who has an account;
  // its owner gets a mail saying so instead. The hash is made either way, for the timing,
  // and either way a mail is queued (a job sends it), none sent while the caller waits.
  const passwordHash = await hashSecret(body.password);
  const existing = await findUserByEmail(db, body.email);
  if (existing) {
    await queueAccountMails(db, [accountExistsMail(recipient(existing))]);
    return signUpAnswer(body.email, linkWorkspaceId);
  }
  const user = await db
    .transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          firstName: body.first_name ?? '',
          lastName: body.last_name ?? '',
          language: body.language ?? input.lang,
          timezone: body.timezone ?? 'UTC',
          privacyAcceptedAt: body.accept_privacy ? new Date() : null,
        })
        .returning();
      // Signing up from an invitation joins its workspace; a mailed one proves the address.
      const joined = body.invite_token ? await joinOnSignUp(tx, body.invite_token, created) : null;
      if (!joined?.emailProven) {
        await queueAccountMails(tx, [await verificationMail(deps, tx, created)]);
      }
      return { ...created, verifiedAt: joined?.emailProven ? new Date() : null, joined };
    })
    // Two sign-ups of one new address at once: the other one made the account.
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return null;
      throw error;
    });
  if (!user) return signUpAnswer(body.email, linkWorkspaceId);
  if (user.joined) {
    announceMembershipChange(deps, {
      workspaceId: user.joined.workspaceId,
      userId: user.id,
      kind: 'added',
    });
  }
  if (user.verifiedAt) {
    // Only the holder of a mailed invitation gets here; it already knows the address is new.
    return {
      result: {
        email: user.email,
        verification_required: false,
        workspace_id: user.joined?.workspaceId,
      },
      message: 'workspaces:messages.joined',
    };
  }
  return signUpAnswer(body.email, user.joined?.workspaceId);
}
