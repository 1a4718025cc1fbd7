import type { Actor } from '../../../core/actor';
import { privacyOf } from '../../../auth/privacy';
import type { Language } from '../../../i18n';
import { profileCompletionFor } from '../completion';
import { presentStoredFile } from '../present';
import { findPerson } from '../privacy';
import { loadProfile } from '../store';
import type { ProfileDeps } from './deps';
import { viewerOf } from './self';
import { personCard } from './show-person-card';

/** A person's profile page: their card, CV, how complete their profile is, since when. */
export async function showPersonPage(
  deps: ProfileDeps,
  actor: Actor,
  input: { ref: string; lang: Language },
) {
  const { db } = deps;
  const viewer = viewerOf(actor);
  const person = await findPerson(db, viewer, input.ref);
  const card = await personCard(db, actor, person, input.lang);
  const shown = card.visibility.profile;
  const profile = shown ? await loadProfile(db, person.id) : null;
  const privacy = await privacyOf(db, viewer, [person]);
  return {
    ...card,
    cv: presentStoredFile(profile?.cv ?? null),
    profile_completion_percent: await profileCompletionFor(db, privacy, person),
    member_since: shown ? person.createdAt.toISOString() : null,
  };
}
