import type { FieldGroup, PeoplePrivacy } from '../../auth/privacy';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';

/**
 * Profile completion: the share of the profile steps (spec 2.12) a person has filled in.
 * Each check looks only at what is stored and names the field group it reads, so the
 * figure is shown to others only when they may see every group it is made of.
 */
type CompletionCheck = (db: DbOrTx, user: UserRow) => boolean | Promise<boolean>;

const checks: { group: FieldGroup; check: CompletionCheck }[] = [
  { group: 'profile', check: (_db, user) => Boolean(user.avatarUrl) },
  { group: 'profile', check: (_db, user) => Boolean(user.bio?.trim()) },
  {
    group: 'profile',
    check: (_db, user) => Boolean(user.firstName.trim() || user.lastName.trim()),
  },
  {
    group: 'profile',
    check: (_db, user) => user.timezone !== 'UTC' || Boolean(user.preferences.timezone_confirmed),
  },
];

export function registerCompletionCheck(group: FieldGroup, check: CompletionCheck) {
  checks.push({ group, check });
}

/** The field groups the completion figure is made of. */
export function completionGroups(): FieldGroup[] {
  return [...new Set(checks.map((c) => c.group))];
}

/** The share of the steps done, over every step or only those of `groups`. */
export async function profileCompletionPercent(
  db: DbOrTx,
  user: UserRow,
  groups?: readonly FieldGroup[],
): Promise<number> {
  const counted = groups ? checks.filter((c) => groups.includes(c.group)) : checks;
  if (counted.length === 0) return 100;
  const results = await Promise.all(counted.map(({ check }) => check(db, user)));
  return Math.round((100 * results.filter(Boolean).length) / counted.length);
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
