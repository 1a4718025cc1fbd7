import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conflict } from '../../http/errors';
import { userIdentities, users, type UserRow } from '../../db/schema';

export interface ExternalProfile {
  /** The key new identities are stored under. */
  provider: string;
  /** Keys the identity may already be stored under, tried after `provider` in this order. */
  formerProviders?: string[];
  subject: string;
  email?: string;
  /** Whether the provider vouches for the e-mail; only then may it link to an account. */
  emailVerified: boolean;
  /** Whether this account, found by the vouched e-mail, may be linked (default: any). */
  mayLink?: (user: UserRow) => boolean;
  /**
   * The address of a new account when `email` may not link to the account that has it;
   * without one, that case is refused (409).
   */
  fallbackEmail?: string;
  firstName?: string;
  lastName?: string;
}

export function splitName(name: string | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: '', lastName: '' };
  return { firstName: parts[0], lastName: parts.slice(1).join(' ') };
}

export function findUserByEmail(db: DbOrTx, email: string) {
  return db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

/**
 * Maps an external identity to our user: a known identity signs in as its user; otherwise an
 * account with the same provider-verified e-mail is linked (never duplicated) when `mayLink`
 * allows; otherwise a new, verified account is made. When the matching account was never
 * verified, its password is dropped: whoever set it never proved they own the address.
 */
export async function findOrCreateExternalUser(
  db: DbOrTx,
  profile: ExternalProfile,
): Promise<{ user: UserRow; created: boolean; linked: boolean; identityId: number }> {
  const providers = [profile.provider, ...(profile.formerProviders ?? [])];
  const found = await db
    .select({ user: users, identityId: userIdentities.id, provider: userIdentities.provider })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(
      and(inArray(userIdentities.provider, providers), eq(userIdentities.subject, profile.subject)),
    );
  const known = providers.map((p) => found.find((row) => row.provider === p)).find(Boolean);
  if (known) {
    return { user: known.user, created: false, linked: false, identityId: known.identityId };
  }

  const email = profile.email?.toLowerCase();
  const holder = email ? await findUserByEmail(db, email) : null;
  const existing =
    holder && profile.emailVerified && (profile.mayLink?.(holder) ?? true) ? holder : null;
  let user: UserRow;
  let created = false;
  if (existing) {
    if (existing.verifiedAt) {
      user = existing;
    } else {
      [user] = await db
        .update(users)
        .set({ verifiedAt: new Date(), passwordHash: null, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
    }
  } else {
    if (holder && !profile.fallbackEmail) {
      // The provider does not vouch for this address, so it may not take over the account.
      throw conflict('auth:messages.external_email_unverified');
    }
    [user] = await db
      .insert(users)
      .values({
        email:
          (holder ? profile.fallbackEmail : email) ??
          profile.fallbackEmail ??
          `${profile.provider}-${profile.subject}@users.teamloop.invalid`,
        firstName: profile.firstName ?? '',
        lastName: profile.lastName ?? '',
        verifiedAt: new Date(),
      })
      .returning();
    created = true;
  }
  const [identity] = await db
    .insert(userIdentities)
    .values({ userId: user.id, provider: profile.provider, subject: profile.subject, email })
    .returning({ id: userIdentities.id });
  return { user, created, linked: !created, identityId: identity.id };
}
