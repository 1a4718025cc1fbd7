import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was made; every table that keeps it names it the same way. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When a row last changed (set by the code that changes it). */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
