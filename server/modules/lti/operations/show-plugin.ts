import type { Actor } from '../../../core/actor';
import { presentPlugin } from '../present';
import type { LtiDeps } from './deps';
import { loadManagedPlugin, requirePluginManager, urlsFor } from './plugin-manager';

/** One plugin the actor manages. */
export async function showPlugin(deps: LtiDeps, actor: Actor, id: number) {
  await requirePluginManager(deps, actor);
  const row = await loadManagedPlugin(deps, actor, id);
  return presentPlugin(row, await urlsFor(deps, actor), actor);
}
