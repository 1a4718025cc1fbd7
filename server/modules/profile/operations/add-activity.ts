import type { z } from 'zod';
import type { createActivityBody } from '@contracts/profile';
import type { Actor } from '../../../core/actor';
import { userActivities } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { normaliseLink } from '../links';
import type { ProfileDeps } from './deps';
import { activitiesOf } from './list-activities';

/** Adds an activity to the actor's own profile. */
export async function addActivity(
  deps: ProfileDeps,
  actor: Actor,
  body: z.output<typeof createActivityBody>,
) {
  const url = body.url ? normaliseLink(body.url) : null;
  if (body.url && !url) throw validationFailed({ url: 'profile:messages.link_invalid' });
  await deps.db.insert(userActivities).values({
    userId: actor.userId,
    kind: body.kind,
    title: body.title,
    organization: body.organization || null,
    description: body.description || null,
    url,
    startedOn: body.started_on ?? null,
    endedOn: body.ended_on ?? null,
  });
  return activitiesOf(deps.db, actor.userId);
}
