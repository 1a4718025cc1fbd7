import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { ltiPlatforms } from '../../../db/schema';
import { conflict, forbidden } from '../../../http/errors';
import type { LtiDeps } from './deps';
import { changedPlugin, loadManagedPlugin, requirePluginManager } from './plugin-manager';

/** A supervisor vouches for a plugin (e-mail linking, when asked for, and framing apply), or stops. */
export async function setPluginApproval(
  deps: LtiDeps,
  actor: Actor,
  input: { id: number; approved: boolean },
) {
  const on = input.approved;
  await requirePluginManager(deps, actor);
  if (actor.role !== 'supervisor') throw forbidden('lti:messages.supervisor_only');
  const current = await loadManagedPlugin(deps, actor, input.id);
  if ((current.approvedAt !== null) === on) {
    throw conflict(on ? 'lti:messages.already_approved' : 'lti:messages.not_approved');
  }
  const [row] = await deps.db
    .update(ltiPlatforms)
    .set({
      approvedAt: on ? new Date() : null,
      approvedBy: on ? actor.userId : null,
      updatedAt: new Date(),
    })
    .where(eq(ltiPlatforms.id, current.id))
    .returning();
  return changedPlugin(deps, actor, row);
}
