import type { z } from 'zod';
import type { pluginBody } from '@contracts/lti';
import type { Actor } from '../../../core/actor';
import { isUniqueViolation } from '../../../db/errors';
import { ltiPlatforms } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import type { LtiDeps } from './deps';
import { changedPlugin, requirePluginManager } from './plugin-manager';

/** The registration's approval as its registrar gives it: a supervisor's counts as approved. */
export const approvalBy = (actor: Actor) =>
  actor.role === 'supervisor'
    ? { approvedAt: new Date(), approvedBy: actor.userId }
    : { approvedAt: null, approvedBy: null };

/** Registers a platform by hand. */
export async function createPlugin(deps: LtiDeps, actor: Actor, body: z.output<typeof pluginBody>) {
  await requirePluginManager(deps, actor);
  try {
    const [row] = await deps.db
      .insert(ltiPlatforms)
      .values({
        name: body.name,
        issuer: body.issuer,
        clientId: body.client_id,
        deploymentIds: [...new Set(body.deployment_ids)],
        authLoginUrl: body.auth_login_url,
        accessTokenUrl: body.access_token_url,
        jwksUrl: body.jwks_url,
        trustEmails: body.trust_emails ?? false,
        ownerId: actor.userId,
        ...approvalBy(actor),
      })
      .returning();
    return await changedPlugin(deps, actor, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('lti:messages.plugin_exists');
    throw error;
  }
}
