import type { Actor } from '../../../core/actor';
import { validationFailed } from '../../../http/errors';
import { normaliseLink } from '../links';
import type { ProfileDeps } from './deps';
import { selfOf, updateSelf } from './self';

/** Sets the actor's social media links; an empty link removes it. */
export async function saveSocialMedia(
  deps: ProfileDeps,
  actor: Actor,
  changes: Record<string, string | null | undefined>,
) {
  const links = { ...(await selfOf(deps.db, actor)).socialMedia };
  const invalid: Record<string, string> = {};
  for (const [network, value] of Object.entries(changes)) {
    if (!value) {
      delete links[network];
      continue;
    }
    const link = normaliseLink(value);
    if (link) links[network] = link;
    else invalid[`social_media.${network}`] = 'profile:messages.link_invalid';
  }
  if (Object.keys(invalid).length > 0) throw validationFailed(invalid);
  const updated = await updateSelf(deps.db, actor, { socialMedia: links });
  return { social_media: updated.socialMedia };
}
