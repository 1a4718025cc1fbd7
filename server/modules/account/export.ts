import { eq } from 'drizzle-orm';
import { registerExportSection } from '../../core/export-sections';
import {
  clientLogs,
  sessions,
  userConfigs,
  userIdentities,
  users,
  userTours,
} from '../../db/schema';

registerExportSection('account', async (db, userId) => {
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
});
registerExportSection('configs', (db, userId) =>
  db.select().from(userConfigs).where(eq(userConfigs.userId, userId)),
);
registerExportSection('tours', (db, userId) =>
  db.select().from(userTours).where(eq(userTours.userId, userId)),
);
registerExportSection('sessions', (db, userId) =>
  db
    .select({
      created_at: sessions.createdAt,
      expires_at: sessions.expiresAt,
      revoked_at: sessions.revokedAt,
      via: sessions.via,
      user_agent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId)),
);
registerExportSection('identities', (db, userId) =>
  db
    .select({
      provider: userIdentities.provider,
      email: userIdentities.email,
      created_at: userIdentities.createdAt,
    })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId)),
);
registerExportSection('client_logs', (db, userId) =>
  db.select().from(clientLogs).where(eq(clientLogs.userId, userId)),
);
