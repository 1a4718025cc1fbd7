import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { ltiPlatforms } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import type { LtiDeps } from './deps';
import { changedPlugin, loadManagedPlugin, requirePluginManager } from './plugin-manager';

/** Archives a plugin the actor manages: its launches stop. */
export async function archivePlugin(deps: LtiDeps, actor: Actor, id: number) {
  await requirePluginManager(deps, actor);
  const current = await loadManagedPlugin(deps, actor, id);
  if (current.status === 'archived') throw conflict('lti:messages.plugin_already_archived');
  const [row] = await deps.db
    .update(ltiPlatforms)
    .set({ status: 'archived', archivedAt: new Date(), updatedAt: new Date() })
    .where(eq(ltiPlatforms.id, id))
    .returning();
  return changedPlugin(deps, actor, row);
}
