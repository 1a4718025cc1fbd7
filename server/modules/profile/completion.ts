import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';

/**
 * Profile completion: the share of the profile steps (spec 2.12) a person has filled in.
 * Each check looks only at what is stored: on the user row, or elsewhere through a boolean SQL
 * expression. Every page load asks for the current user, so the stored checks run together
 * in one query rather than one query each. The profile module adds its steps here.
 */
type RowCheck = (user: UserRow) => boolean;
/** A boolean SQL expression about the person with this id. */
type StoredCheck = (userId: number) => SQL;

const rowChecks: RowCheck[] = [
  (user) => Boolean(user.avatarUrl),
  (user) => Boolean(user.bio?.trim()),
  (user) => Boolean(user.firstName.trim() || user.lastName.trim()),
  (user) => user.timezone !== 'UTC' || Boolean(user.preferences.timezone_confirmed),
];
const storedChecks: StoredCheck[] = [];

export function registerCompletionCheck(check: StoredCheck) {
  storedChecks.push(check);
}

export async function profileCompletionPercent(db: DbOrTx, user: UserRow): Promise<number> {
  let done = rowChecks.filter((check) => check(user)).length;
  if (storedChecks.length > 0) {
    const columns = storedChecks.map(
      (check, index) => sql`(${check(user.id)}) as ${sql.identifier(`check_${index}`)}`,
    );
    const [row] = await queryRows<Record<string, boolean>>(
      db,
      sql`select ${sql.join(columns, sql`, `)}`,
    );
    done += Object.values(row).filter(Boolean).length;
  }
  return Math.round((100 * done) / (rowChecks.length + storedChecks.length));
}
