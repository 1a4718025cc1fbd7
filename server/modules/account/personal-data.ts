import { eq } from 'drizzle-orm';
import type { AccountDeletion, ExportSection } from '../../core/area';
import { deleteRowsOfPerson, personRows } from '../../core/export-sections';
import { revokeAllSessions } from '../../auth/access-token';
import {
  clientLogs,
  oneTimeTokens,
  sessions,
  userConfigs,
  userIdentities,
  users,
  userTours,
} from '../../db/schema';

/** The account itself, its sessions, settings and sign-in links, for "export my data". */
export const exportSections: ExportSection[] = [
  {
    name: 'account',
    tables: [users],
    read: async (db, userId) => {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      // Secrets are ours to keep: hashes prove nothing to the person and help an attacker.
      const {
        passwordHash: _passwordHash,
        twoFactorSecret: _twoFactorSecret,
        twoFactorPendingSecret: _pending,
        recoveryCodes: _recoveryCodes,
        ...account
      } = user;
      return { ...account, has_password: user.passwordHash !== null };
    },
  },
  personRows('configs', userConfigs.userId),
  personRows('tours', userTours.userId),
  personRows('sessions', sessions.userId, {
    created_at: sessions.createdAt,
    expires_at: sessions.expiresAt,
    revoked_at: sessions.revokedAt,
    via: sessions.via,
    user_agent: sessions.userAgent,
    ip: sessions.ip,
  }),
  personRows('identities', userIdentities.userId, {
    provider: userIdentities.provider,
    email: userIdentities.email,
    created_at: userIdentities.createdAt,
  }),
  // Which links and codes were sent, never the secrets (only their hashes are stored anyway).
  personRows('one_time_links', oneTimeTokens.userId, {
    purpose: oneTimeTokens.purpose,
    email: oneTimeTokens.email,
    created_at: oneTimeTokens.createdAt,
    expires_at: oneTimeTokens.expiresAt,
    used_at: oneTimeTokens.usedAt,
  }),
  personRows('client_logs', clientLogs.userId),
];

/**
 * The account row stays (others' tasks and chats still point at it, shown as a deleted
 * account) but loses what identifies the person, and the e-mail address is freed; sessions
 * end; sign-in identities, settings, tours, pending links and error reports go.
 */
export const accountDeletion: AccountDeletion = {
  erases: [users, sessions, userIdentities, userConfigs, userTours, oneTimeTokens, clientLogs],
  keeps: [],
  async erase(tx, userId) {
    await tx
      .update(users)
      .set({
        deletedAt: new Date(),
        email: `deleted-${userId}@deleted.teamloop.invalid`,
        firstName: '',
        lastName: '',
        bio: null,
        avatarUrl: null,
        passwordHash: null,
        twoFactorSecret: null,
        twoFactorPendingSecret: null,
        recoveryCodes: [],
        socialMedia: {},
        preferences: {},
      })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    await deleteRowsOfPerson(
      tx,
      userId,
      userIdentities.userId,
      userConfigs.userId,
      userTours.userId,
      oneTimeTokens.userId,
    );
    await tx.update(clientLogs).set({ userId: null }).where(eq(clientLogs.userId, userId));
  },
};
