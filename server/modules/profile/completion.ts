import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';

/**
 * Profile completion: the share of the profile steps (spec 2.12) a person has filled in.
 * Each check looks only at what is stored; the profile module adds its steps here.
 */
type CompletionCheck = (db: DbOrTx, user: UserRow) => boolean | Promise<boolean>;

const checks: CompletionCheck[] = [
  (_db, user) => Boolean(user.avatarUrl),
  (_db, user) => Boolean(user.bio?.trim()),
  (_db, user) => Boolean(user.firstName.trim() || user.lastName.trim()),
  (_db, user) => user.timezone !== 'UTC' || Boolean(user.preferences.timezone_confirmed),
];

export function registerCompletionCheck(check: CompletionCheck) {
  checks.push(check);
}

export async function profileCompletionPercent(db: DbOrTx, user: UserRow): Promise<number> {
  const results = await Promise.all(checks.map((check) => check(db, user)));
  return Math.round((100 * results.filter(Boolean).length) / checks.length);
}
