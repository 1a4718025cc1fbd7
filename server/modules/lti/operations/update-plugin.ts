import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { pluginUpdateBody } from '@contracts/lti';
import type { Actor } from '../../../core/actor';
import { isUniqueViolation } from '../../../db/errors';
import { ltiPlatforms, type LtiPlatformRow } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import type { LtiDeps } from './deps';
import { changedPlugin, loadManagedPlugin, requirePluginManager } from './plugin-manager';

/** What an approval vouches for: changed by someone else than a supervisor, it lapses. */
const VOUCHED = ['issuer', 'clientId', 'authLoginUrl', 'accessTokenUrl', 'jwksUrl', 'trustEmails'];

/** Changes a plugin the actor manages. */
export async function updatePlugin(
  deps: LtiDeps,
  actor: Actor,
  input: { id: number } & z.output<typeof pluginUpdateBody>,
) {
  await requirePluginManager(deps, actor);
  const current = await loadManagedPlugin(deps, actor, input.id);
  const body = input;
  const changes = {
    ...(body.issuer !== undefined ? { issuer: body.issuer } : {}),
    ...(body.client_id !== undefined ? { clientId: body.client_id } : {}),
    ...(body.auth_login_url !== undefined ? { authLoginUrl: body.auth_login_url } : {}),
    ...(body.access_token_url !== undefined ? { accessTokenUrl: body.access_token_url } : {}),
    ...(body.jwks_url !== undefined ? { jwksUrl: body.jwks_url } : {}),
    ...(body.trust_emails !== undefined ? { trustEmails: body.trust_emails } : {}),
  };
  const lapses =
    actor.role !== 'supervisor' &&
    Object.entries(changes).some(
      ([key, value]) => current[key as keyof LtiPlatformRow] !== value && VOUCHED.includes(key),
    );
  try {
    const [row] = await deps.db
      .update(ltiPlatforms)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.deployment_ids !== undefined
          ? { deploymentIds: [...new Set(body.deployment_ids)] }
          : {}),
        ...changes,
        ...(lapses ? { approvedAt: null, approvedBy: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(ltiPlatforms.id, input.id))
      .returning();
    return await changedPlugin(deps, actor, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('lti:messages.plugin_exists');
    throw error;
  }
}
