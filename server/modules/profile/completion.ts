import { sql, type SQL } from 'drizzle-orm';
import type { FieldGroup, PeoplePrivacy } from '../../auth/privacy';
import { queryRows, type DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { UserIdParam } from '../../context';

/**
 * Profile completion: the share of the profile steps (spec 2.12) a person has filled in.
 * Each check looks only at what is stored (on the user row, or elsewhere through a boolean SQL
 * expression) and names the field group it reads, so the figure is shown to others only when
 * they may see every group it is made of. Every page load asks for the current user, so the
 * stored checks run together in one query rather than one query each.
 */
type CompletionCheck =
  | { group: FieldGroup; onRow: (user: UserRow) => boolean }
  /** A boolean SQL expression about the person with this id. */
  | { group: FieldGroup; stored: (userId: UserIdParam) => SQL };

const checks: CompletionCheck[] = [
  { group: 'profile', onRow: (user) => Boolean(user.avatarUrl) },
  { group: 'profile', onRow: (user) => Boolean(user.bio?.trim()) },
  { group: 'profile', onRow: (user) => Boolean(user.firstName.trim() || user.lastName.trim()) },
  {
    group: 'profile',
    onRow: (user) => user.timezone !== 'UTC' || Boolean(user.preferences.timezone_confirmed),
  },
];

/** Adds a step whose answer is stored outside the user row. */
export function registerCompletionCheck(group: FieldGroup, stored: (userId: UserIdParam) => SQL) {
  checks.push({ group, stored });
}

/** The field groups the completion figure is made of. */
export function completionGroups(): FieldGroup[] {
  return [...new Set(checks.map((c) => c.group))];
}

/**
 * How many of every stored step this person has done, as one SQL expression: a route that shows
 * the signed-in person's figure reads it with the session (`sessionExtra`), then passes it to
 * profileCompletionPercent as `storedDone`.
 */
export function storedStepsDone(userId: UserIdParam): SQL {
  const stored = checks.flatMap((check) => ('stored' in check ? [check.stored(userId)] : []));
  if (stored.length === 0) return sql`0`;
  return sql.join(
    stored.map((expression) => sql`(case when (${expression}) then 1 else 0 end)`),
    sql` + `,
  );
}

/**
 * The share of the steps done, over every step or only those of `groups`. `storedDone` (over
 * every step only) is storedStepsDone's answer when it was already read.
 */
export async function profileCompletionPercent(
  db: DbOrTx,
  user: UserRow,
  groups?: readonly FieldGroup[],
  storedDone?: number,
): Promise<number> {
  const counted = groups ? checks.filter((c) => groups.includes(c.group)) : checks;
  if (counted.length === 0) return 100;
  let done = 0;
  const stored: SQL[] = [];
  // Read with the session: the stored steps' SQL is not even built (every page load asks).
  const alreadyRead = !groups && typeof storedDone === 'number';
  for (const check of counted) {
    if ('onRow' in check) done += check.onRow(user) ? 1 : 0;
    else if (!alreadyRead) stored.push(check.stored(user.id));
  }
  if (alreadyRead) {
    done += storedDone;
  } else if (stored.length > 0) {
    const columns = stored.map(
      (expression, index) => sql`(${expression}) as ${sql.identifier(`check_${index}`)}`,
    );
    const [row] = await queryRows<Record<string, boolean>>(
      db,
      sql`select ${sql.join(columns, sql`, `)}`,
    );
    done += Object.values(row).filter(Boolean).length;
  }
  return Math.round((100 * done) / counted.length);
}

/**
 * Whether the steps the viewer may see are all done: a reminder to finish a profile goes by
 * these alone, so whom it reaches never tells about a hidden part.
 */
export async function visibleStepsDone(
  db: DbOrTx,
  privacy: PeoplePrivacy,
  user: UserRow,
): Promise<boolean> {
  const seen = completionGroups().filter((group) => privacy.sees(user.id, group));
  return (await profileCompletionPercent(db, user, seen)) === 100;
}

/** The completion figure as a viewer may see it: null when any step reads a hidden group. */
export async function profileCompletionFor(
  db: DbOrTx,
  privacy: PeoplePrivacy,
  user: UserRow,
): Promise<number | null> {
  return privacy.seesAll([user.id], completionGroups()) ? profileCompletionPercent(db, user) : null;
}
