import { eq } from 'drizzle-orm';
import type { ProfileVisibility } from '@contracts/profile';
import { visibilityOf, type FieldGroup } from '../../auth/privacy';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { notFound, refusal } from '../../http/errors';

type Viewer = Pick<UserRow, 'id' | 'role'>;

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
  section: FieldGroup,
): Promise<UserRow> {
  const person = await findPerson(db, ref);
  const visibility = await visibilityFor(db, viewer, person);
  if (!visibility[section])
    throw refusal(403, 'privacy_hidden', `profile:messages.hidden_${section}`);
  return person;
}
