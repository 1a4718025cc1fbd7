import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { ltiPlatforms, workspaceMembers, type LtiPlatformRow } from '../../../db/schema';
import { forbidden, notFound } from '../../../http/errors';
import { presentPlugin, toolUrls } from '../present';
import { refreshFrameOrigins } from '../frame-origins';
import { registerToken } from '../registration';
import type { LtiDeps } from './deps';

/** Supervisors manage every plugin; a workspace owner manages the plugins they made. */
export async function requirePluginManager(deps: LtiDeps, actor: Actor) {
  if (actor.role === 'supervisor') return;
  const [owned] = await deps.db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, actor.userId), eq(workspaceMembers.role, 'owner')))
    .limit(1);
  if (!owned) throw forbidden('lti:messages.manager_only');
}

/** A plugin the actor manages (after `requirePluginManager`); 404 for any other. */
export async function loadManagedPlugin(
  deps: LtiDeps,
  actor: Actor,
  id: number,
): Promise<LtiPlatformRow> {
  const [row] = await deps.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  if (!row || (actor.role !== 'supervisor' && row.ownerId !== actor.userId)) {
    throw notFound('lti:messages.plugin_not_found');
  }
  return row;
}

/** The URLs a manager copies into the platform, the registration one signed for them. */
export const urlsFor = async (deps: LtiDeps, actor: Actor) =>
  toolUrls(deps.config, await registerToken(deps, actor.userId));

/**
 * A plugin changed: the pages that may frame us follow, and the plugin is answered as the actor
 * sees it.
 */
export async function changedPlugin(deps: LtiDeps, actor: Actor, row: LtiPlatformRow) {
  await refreshFrameOrigins(deps.db);
  return presentPlugin(row, await urlsFor(deps, actor), actor);
}
