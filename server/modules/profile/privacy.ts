import { eq } from 'drizzle-orm';
import type { ProfileVisibility } from '@contracts/profile';
import { knownPeople, visibilityOf, type FieldGroup } from '../../auth/privacy';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { forbidden, notFound, refusal } from '../../http/errors';

type Viewer = Pick<UserRow, 'id' | 'role'>;

/** Stands for a person who does not exist: no id is 0, and nobody may know them. */
const NO_ONE: Pick<UserRow, 'id' | 'privacyOptions'> = {
  id: 0,
  privacyOptions: { view_profile: 'only_me' },
};

export async function visibilityFor(
  db: DbOrTx,
  viewer: Viewer,
  person: UserRow,
): Promise<ProfileVisibility> {
  return (await visibilityOf(db, viewer, [person])).get(person.id)!;
}

/**
 * `user/:id` takes a numeric id or a public id. A person the viewer may not know (not
 * themself, no shared workspace, and a profile not open to everyone) is answered exactly as
 * someone who does not exist, and so is a deleted account. Numeric ids are sequential, so
 * walking them reaches only people the viewer shares a workspace with; a profile open to
 * everyone is reached through its public id, the one its link carries.
 */
export async function findPerson(db: DbOrTx, viewer: Viewer, ref: string): Promise<UserRow> {
  const byNumber = /^\d+$/.test(ref);
  const [person] = await db
    .select()
    .from(users)
    .where(byNumber ? eq(users.id, Number(ref)) : eq(users.publicId, ref))
    .limit(1);
  const found = person && !person.deletedAt ? person : undefined;
  // No one is asked about like someone kept from the viewer, so both take the same queries.
  const known = await knownPeople(db, viewer, [found ?? NO_ONE], { openProfiles: !byNumber });
  if (!found || !known.has(found.id)) throw notFound('profile:messages.user_not_found');
  return found;
}

/** The person behind `ref`, or a 403 `privacy_hidden` when they keep `section` from the viewer. */
export async function requireVisible(
  db: DbOrTx,
  viewer: Viewer,
  ref: string,
  section: FieldGroup,
): Promise<UserRow> {
  const person = await findPerson(db, viewer, ref);
  const visibility = await visibilityFor(db, viewer, person);
  if (!visibility[section])
    throw refusal(403, 'privacy_hidden', `profile:messages.hidden_${section}`);
  return person;
}

/**
 * For routes that change a profile: `ref` must be the caller's own. Anyone else's is refused
 * alike whether or not they exist, without looking them up.
 */
export function requireOwnProfile(viewer: Pick<UserRow, 'id' | 'publicId'>, ref: string) {
  if (ref !== String(viewer.id) && ref.toLowerCase() !== viewer.publicId.toLowerCase()) {
    throw forbidden('profile:messages.only_own_profile');
  }
}
