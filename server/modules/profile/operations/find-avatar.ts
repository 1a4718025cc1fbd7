import { eq, sql } from 'drizzle-orm';
import { teams, users } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { storageFor } from '../../../storage';
import { extensionOf } from '../../../storage/file-types';
import { AVATAR_PATH, avatarKeyOf, IMAGE_TYPES } from '../files';
import type { ProfileDeps } from './deps';

/**
 * A picture that a person or a team currently uses, by the file name of its address: open to
 * anyone (an <img> sends no token), so only pictures in use are found.
 */
export async function findAvatar(deps: ProfileDeps, file: string) {
  const url = `${AVATAR_PATH}/${file}`;
  const key = avatarKeyOf(url);
  const type = IMAGE_TYPES[extensionOf(file) as keyof typeof IMAGE_TYPES];
  if (!key || !type) throw notFound();
  const [inUse] = await deps.db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(eq(users.avatarUrl, url))
    .unionAll(
      deps.db
        .select({ one: sql<number>`1` })
        .from(teams)
        .where(eq(teams.avatarUrl, url)),
    )
    .limit(1);
  if (!inUse || !(await storageFor(deps.config).exists(key))) throw notFound();
  return { key, type };
}
