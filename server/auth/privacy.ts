import { and, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PRIVACY_KEYS, type CurrentUser } from '@contracts/auth';
import type { ProfileVisibility } from '@contracts/profile';
import type { DbOrTx } from '../db/client';
import { users, workspaceMembers, type UserRow } from '../db/schema';

/**
 * Who may see what of a person (spec 3 privacy keys). Every read path that returns people
 * data asks here; docs/decisions/profile-privacy.md gives the rules.
 */
export type PrivacyKey = (typeof PRIVACY_KEYS)[number];
/** The parts of a person each privacy key guards, as the client names them. */
export type FieldGroup = keyof ProfileVisibility;

const GROUP_OF: Record<PrivacyKey, FieldGroup> = {
  view_profile: 'profile',
  view_skill: 'skills',
  view_availability: 'availability',
  view_personality: 'personality',
};
export const FIELD_GROUPS = Object.values(GROUP_OF);

type Viewer = Pick<UserRow, 'id' | 'role'>;
type Person = Pick<UserRow, 'id' | 'privacyOptions'>;

/** Each privacy key defaults to everyone (spec 3). */
export function privacyOptionsOf(user: Pick<UserRow, 'privacyOptions'>) {
  return Object.fromEntries(
    PRIVACY_KEYS.map((key) => [key, user.privacyOptions[key] ?? 'everyone']),
  ) as CurrentUser['privacy_options'];
}

/** People who are both active (not deactive) members of one workspace with the viewer. */
export async function coworkerIds(
  db: DbOrTx,
  viewerId: number,
  candidateIds: readonly number[],
): Promise<Set<number>> {
  if (candidateIds.length === 0) return new Set();
  const mine = alias(workspaceMembers, 'mine');
  const rows = await db
    .selectDistinct({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(
      mine,
      and(
        eq(mine.workspaceId, workspaceMembers.workspaceId),
        eq(mine.userId, viewerId),
        ne(mine.role, 'deactive'),
      ),
    )
    .where(
      and(
        inArray(workspaceMembers.userId, [...candidateIds]),
        ne(workspaceMembers.role, 'deactive'),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/**
 * The people the viewer may know exist at all, name and picture (docs/decisions/
 * profile-privacy.md): themself; anyone, for a supervisor; whoever shares an active workspace
 * with them; and, with `openProfiles`, whoever opened their profile (view_profile) to everyone.
 * Anyone else is answered as someone who does not exist.
 */
export async function knownPeople(
  db: DbOrTx,
  viewer: Viewer,
  people: readonly Person[],
  { openProfiles }: { openProfiles: boolean },
): Promise<Set<number>> {
  const known = new Set<number>();
  const others: number[] = [];
  for (const person of people) {
    const open = openProfiles && privacyOptionsOf(person).view_profile === 'everyone';
    if (person.id === viewer.id || viewer.role === 'supervisor' || open) known.add(person.id);
    else others.push(person.id);
  }
  for (const id of await coworkerIds(db, viewer.id, others)) known.add(id);
  return known;
}

/**
 * What each person lets the viewer see: everyone means anyone signed in, workspace_members
 * those sharing an active workspace membership, only_me themself. Supervisors see everything,
 * like everywhere else.
 */
export async function visibilityOf(
  db: DbOrTx,
  viewer: Viewer,
  people: readonly Person[],
): Promise<Map<number, ProfileVisibility>> {
  const needsCoworkers = people.filter(
    (p) =>
      p.id !== viewer.id &&
      Object.values(privacyOptionsOf(p)).some((audience) => audience === 'workspace_members'),
  );
  const coworkers =
    viewer.role === 'supervisor'
      ? new Set<number>()
      : await coworkerIds(
          db,
          viewer.id,
          needsCoworkers.map((p) => p.id),
        );
  const result = new Map<number, ProfileVisibility>();
  for (const person of people) {
    const options = privacyOptionsOf(person);
    const visibility = {} as ProfileVisibility;
    for (const [key, group] of Object.entries(GROUP_OF) as [PrivacyKey, FieldGroup][]) {
      const audience = options[key];
      visibility[group] =
        person.id === viewer.id ||
        viewer.role === 'supervisor' ||
        audience === 'everyone' ||
        (audience === 'workspace_members' && coworkers.has(person.id));
    }
    result.set(person.id, visibility);
  }
  return result;
}

/**
 * What one viewer may see of a set of people, and the one redaction rule: a value computed
 * from a field group of some people is shown only when the viewer may see that group of every
 * one of them. Anything else would let an aggregate (a team of one, a mean minus the known
 * members) give a hidden value back.
 */
export class PeoplePrivacy {
  constructor(private readonly visibility: ReadonlyMap<number, ProfileVisibility>) {}

  /** Whether the viewer may see `group` of the person; someone unknown here shows nothing. */
  sees(personId: number, group: FieldGroup): boolean {
    return this.visibility.get(personId)?.[group] ?? false;
  }

  /** Whether the viewer may see every one of `groups` of every one of the people. */
  seesAll(personIds: Iterable<number>, groups: FieldGroup | readonly FieldGroup[]): boolean {
    const wanted = typeof groups === 'string' ? [groups] : groups;
    for (const id of personIds) if (wanted.some((group) => !this.sees(id, group))) return false;
    return true;
  }

  /** How many of the people keep `group` from the viewer. */
  hiddenCount(personIds: Iterable<number>, group: FieldGroup): number {
    let hidden = 0;
    for (const id of personIds) if (!this.sees(id, group)) hidden++;
    return hidden;
  }

  /** `value` when the viewer may see `groups` of all the people it is computed from, else null. */
  redact<T>(
    personIds: Iterable<number>,
    groups: FieldGroup | readonly FieldGroup[],
    value: T,
  ): T | null {
    return this.seesAll(personIds, groups) ? value : null;
  }

  visibilityOf(personId: number): ProfileVisibility {
    return Object.fromEntries(
      FIELD_GROUPS.map((g) => [g, this.sees(personId, g)]),
    ) as ProfileVisibility;
  }
}

/** The privacy of people already loaded (their rows carry their options). */
export async function privacyOf(
  db: DbOrTx,
  viewer: Viewer,
  people: readonly Person[],
): Promise<PeoplePrivacy> {
  return new PeoplePrivacy(await visibilityOf(db, viewer, people));
}

/** The privacy of people known by id. */
export async function privacyOfIds(
  db: DbOrTx,
  viewer: Viewer,
  personIds: readonly number[],
): Promise<PeoplePrivacy> {
  const people =
    personIds.length > 0
      ? await db
          .select({ id: users.id, privacyOptions: users.privacyOptions })
          .from(users)
          .where(inArray(users.id, [...new Set(personIds)]))
      : [];
  return privacyOf(db, viewer, people);
}
