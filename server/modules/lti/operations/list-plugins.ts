import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { ltiPlatforms } from '../../../db/schema';
import { presentPlugin } from '../present';
import type { LtiDeps } from './deps';
import { requirePluginManager, urlsFor } from './plugin-manager';

/** The plugins the actor manages, newest first, with the URLs to register ours. */
export async function listPlugins(
  deps: LtiDeps,
  actor: Actor,
  input: { status?: 'active' | 'archived' },
) {
  await requirePluginManager(deps, actor);
  const conditions = [];
  if (actor.role !== 'supervisor') conditions.push(eq(ltiPlatforms.ownerId, actor.userId));
  if (input.status) conditions.push(eq(ltiPlatforms.status, input.status));
  const rows = await deps.db
    .select()
    .from(ltiPlatforms)
    .where(and(...conditions))
    .orderBy(desc(ltiPlatforms.createdAt));
  const urls = await urlsFor(deps, actor);
  return { plugins: rows.map((r) => presentPlugin(r, urls, actor)), tool_urls: urls };
}
