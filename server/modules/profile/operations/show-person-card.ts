import { and, asc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProfileCard } from '@contracts/profile';
import type { Actor } from '../../../core/actor';
import { displayName } from '../../../core/people';
import type { DbOrTx } from '../../../db/client';
import { workspaceMembers, workspaces, type UserRow } from '../../../db/schema';
import type { Language } from '../../../i18n';
import { findPerson, visibilityFor } from '../privacy';
import { userSkillsOf } from '../skills';
import type { ProfileDeps } from './deps';
import { viewerOf } from './self';

/** Active workspaces the viewer and the person are both in (the viewer may see these names). */
async function commonWorkspaces(db: DbOrTx, viewerId: number, personId: number) {
  if (viewerId === personId) return [];
  const theirs = alias(workspaceMembers, 'theirs');
  return db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(
      theirs,
      and(eq(theirs.workspaceId, workspaceMembers.workspaceId), eq(theirs.userId, personId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.userId, viewerId),
        ne(workspaceMembers.role, 'deactive'),
        ne(theirs.role, 'deactive'),
      ),
    )
    .orderBy(asc(workspaces.name));
}

/**
 * A person the viewer may know (findPerson) as they may see them: name and picture, the rest
 * as their privacy allows; skills named in `lang`.
 */
export async function personCard(
  db: DbOrTx,
  actor: Actor,
  person: UserRow,
  lang: Language,
): Promise<ProfileCard> {
  const visibility = await visibilityFor(db, viewerOf(actor), person);
  const shown = visibility.profile;
  return {
    id: person.id,
    public_id: person.publicId,
    name: displayName(person),
    avatar_url: person.avatarUrl,
    is_deleted: person.deletedAt !== null,
    is_self: person.id === actor.userId,
    visibility,
    first_name: shown ? person.firstName : null,
    last_name: shown ? person.lastName : null,
    bio: shown ? person.bio : null,
    timezone: shown ? person.timezone : null,
    social_media: shown ? person.socialMedia : null,
    skills: visibility.skills ? (await userSkillsOf(db, person.id, lang)).map((s) => s.name) : null,
    common_workspaces: await commonWorkspaces(db, actor.userId, person.id),
  };
}

/** A person as a card; `lang` is the viewer's own language setting. */
export async function showPersonCard(
  deps: ProfileDeps,
  actor: Actor,
  input: { ref: string; lang: Language },
) {
  const person = await findPerson(deps.db, viewerOf(actor), input.ref);
  return personCard(deps.db, actor, person, input.lang);
}
