import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { ltiPlatforms } from '../../../db/schema';
import { refreshFrameOrigins } from '../frame-origins';
import type { LtiDeps } from './deps';
import { loadManagedPlugin, requirePluginManager } from './plugin-manager';

/** Deletes a plugin the actor manages. */
export async function deletePlugin(deps: LtiDeps, actor: Actor, id: number) {
  await requirePluginManager(deps, actor);
  await loadManagedPlugin(deps, actor, id);
  await deps.db.delete(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  await refreshFrameOrigins(deps.db);
  return {};
}
