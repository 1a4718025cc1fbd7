import { and, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PRIVACY_KEYS } from '@contracts/auth';
import type { ProfileVisibility } from '@contracts/profile';
import type { DbOrTx } from '../../db/client';
import { users, workspaceMembers, type UserRow } from '../../db/schema';
import { notFound, refusal } from '../../http/errors';
import { privacyOptionsOf } from '../account/present';

export type PrivacyKey = (typeof PRIVACY_KEYS)[number];

/** The section each privacy option guards, as the client names it. */
const SECTION_OF: Record<PrivacyKey, keyof ProfileVisibility> = {
  view_profile: 'profile',
  view_skill: 'skills',
  view_availability: 'availability',
  view_personality: 'personality',
};

type Viewer = Pick<UserRow, 'id' | 'role'>;

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
 * What each person lets the viewer see (spec 3 privacy keys): everyone means anyone signed
 * in, workspace_members those sharing an active workspace membership, only_me themself.
 * Supervisors see everything, like everywhere else.
 */
export async function visibilityOf(
  db: DbOrTx,
  viewer: Viewer,
  people: readonly UserRow[],
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
    for (const [key, section] of Object.entries(SECTION_OF) as [PrivacyKey, string][]) {
      const audience = options[key];
      visibility[section as keyof ProfileVisibility] =
        person.id === viewer.id ||
        viewer.role === 'supervisor' ||
        audience === 'everyone' ||
        (audience === 'workspace_members' && coworkers.has(person.id));
    }
    result.set(person.id, visibility);
  }
  return result;
}

export async function visibilityFor(
  db: DbOrTx,
  viewer: Viewer,
  person: UserRow,
): Promise<ProfileVisibility> {
  return (await visibilityOf(db, viewer, [person])).get(person.id)!;
}

/** `user/:id` takes a numeric id or a public id; deleted accounts are not found. */
export async function findPerson(db: DbOrTx, ref: string): Promise<UserRow> {
  const [person] = await db
    .select()
    .from(users)
    .where(/^\d+$/.test(ref) ? eq(users.id, Number(ref)) : eq(users.publicId, ref))
    .limit(1);
  if (!person || person.deletedAt) throw notFound('profile:messages.user_not_found');
  return person;
}

/** The person behind `ref`, or a 403 `privacy_hidden` when they keep `section` from the viewer. */
export async function requireVisible(
  db: DbOrTx,
  viewer: Viewer,
  ref: string,
  section: keyof ProfileVisibility,
): Promise<UserRow> {
  const person = await findPerson(db, ref);
  const visibility = await visibilityFor(db, viewer, person);
  if (!visibility[section])
    throw refusal(403, 'privacy_hidden', `profile:messages.hidden_${section}`);
  return person;
}
