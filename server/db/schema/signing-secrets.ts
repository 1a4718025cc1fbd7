import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The secrets that sign access tokens when JWT_SECRET is unset: generated once into the
 * database, so every process on it signs with the same one (docs/decisions/scale-out.md). The
 * newest signs; an older one still verifies the tokens it signed until they expire.
 */
export const signingSecrets = pgTable('signing_secrets', {
  id: serial('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
