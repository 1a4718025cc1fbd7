import { and, eq } from 'drizzle-orm';
import { ltiPlatforms } from '../../../db/schema';
import { LaunchError } from '../pages';
import { toolUrls } from '../present';
import { newState } from '../state';
import type { LtiDeps } from './deps';

export interface LoginInput {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

/**
 * OIDC login initiation from a platform: where to send the browser (the platform's
 * authorization endpoint) and the state cookie that ties the launch to this browser. A
 * refusal is a LaunchError, shown as a page.
 */
export async function startLogin(deps: LtiDeps, input: LoginInput) {
  if (!input.iss || !input.login_hint) throw new LaunchError('invalid_token');
  const candidates = await deps.db
    .select()
    .from(ltiPlatforms)
    .where(and(eq(ltiPlatforms.issuer, input.iss), eq(ltiPlatforms.status, 'active')));
  const platform = input.client_id
    ? candidates.find((p) => p.clientId === input.client_id)
    : candidates.length === 1
      ? candidates[0]
      : undefined;
  if (!platform) throw new LaunchError('unknown_issuer', 400, { issuer: input.iss });
  if (input.lti_deployment_id && !platform.deploymentIds.includes(input.lti_deployment_id)) {
    throw new LaunchError('unknown_deployment', 400, { deployment: input.lti_deployment_id });
  }
  const { state, nonce, cookie } = await newState(deps.config, deps.signingKeys, platform.id, {
    iss: input.iss,
    login_hint: input.login_hint,
    target_link_uri: input.target_link_uri,
    lti_message_hint: input.lti_message_hint,
    client_id: platform.clientId,
    lti_deployment_id: input.lti_deployment_id,
  });
  const target = new URL(platform.authLoginUrl);
  const params = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: toolUrls(deps.config).launch_url,
    login_hint: input.login_hint,
    state,
    nonce,
    ...(input.lti_message_hint ? { lti_message_hint: input.lti_message_hint } : {}),
  };
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return { redirect: target.toString(), cookie };
}
