import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Person } from '@contracts/people';
import type { DbOrTx } from '../db/client';
import { users, type UserRow } from '../db/schema';

/** The user columns a person's name is made from, with their id. */
export const nameColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
/** The user columns a person is presented from; select these, never whole rows, for others. */
export const personColumns = {
  ...nameColumns,
  avatarUrl: users.avatarUrl,
  deletedAt: users.deletedAt,
  deactivatedAt: users.deactivatedAt,
};
export type PersonRow = Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'email' | 'avatarUrl' | 'deletedAt' | 'deactivatedAt'
>;
/**
 * The `json_build_object` fields of a person (the keys of `PersonJson`) over a users row
 * under `alias`. The `note_people_changes` trigger (migrations 0015, 0016) watches the same
 * columns: a field added here goes there too, or kept lists miss its changes.
 */
export const personJsonFields = (alias: string) => {
  const u = sql.identifier(alias);
  return sql`'id', ${u}.id, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name,
    'email', ${u}.email, 'avatarUrl', ${u}.avatar_url, 'deletedAt', ${u}.deleted_at,
    'deactivatedAt', ${u}.deactivated_at`;
};
/** A person as SQL's `json_build_object` gives it: the dates are text, only null matters. */
export type PersonJson = Omit<PersonRow, 'deletedAt' | 'deactivatedAt'> & {
  deletedAt: string | null;
  deactivatedAt: string | null;
};

/** An account still in use: neither deleted nor deactivated (a query joined to `users`). */
export const accountInUse = () => and(isNull(users.deletedAt), isNull(users.deactivatedAt));

export function displayName(user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name || user.email.split('@')[0];
}

/** The one way another person leaves the server (contracts/people.ts). */
export function presentPerson(user: PersonRow | PersonJson): Person {
  const isDeleted = user.deletedAt !== null;
  const isDeactivated = user.deactivatedAt !== null;
  return {
    id: user.id,
    name: displayName(user),
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    avatar_url: user.avatarUrl,
    is_deleted: isDeleted,
    is_deactivated: isDeactivated,
    is_shadow: isDeleted || isDeactivated,
  };
}

/** The people of `ids` (each read once), presented, by id. */
export async function peopleByIds(db: DbOrTx, ids: number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, presentPerson(r)]));
}
