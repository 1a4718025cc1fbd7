import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns';

/**
 * The secrets that sign access tokens when JWT_SECRET is unset: generated once into the
 * database, so every process on it signs with the same one (docs/decisions/scale-out.md). The
 * newest signs; an older one still verifies the tokens it signed until they expire.
 */
export const signingSecrets = pgTable('signing_secrets', {
  id: serialId(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
