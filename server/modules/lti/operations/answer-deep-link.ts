import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { deepLinkBody } from '@contracts/lti';
import type { Actor } from '../../../core/actor';
import { ltiLaunches, ltiPlatforms } from '../../../db/schema';
import { notFound, refusal } from '../../../http/errors';
import { CLAIM, MESSAGE } from '../claims';
import { signWithToolKey } from '../keys';
import { LaunchError } from '../pages';
import { toolUrls } from '../present';
import type { LtiDeps } from './deps';

/** A link to one of our items as a Deep Linking content item. */
function contentItem(
  deps: LtiDeps,
  workspaceId: number | null,
  item: z.output<typeof deepLinkBody>['items'][number],
) {
  const path =
    item.type === 'team_formation'
      ? `/workspaces/${workspaceId ?? ''}/people`
      : item.type === 'task'
        ? `/workspaces/${workspaceId ?? ''}/tasks/${item.id ?? ''}/info`
        : `/workspaces/${workspaceId ?? ''}/assessments`;
  return {
    type: 'ltiResourceLink',
    title: item.title,
    url: toolUrls(deps.config).launch_url,
    custom: {
      teamloop_item: item.type,
      teamloop_id: String(item.id ?? ''),
      teamloop_path: path,
    },
    ...(item.type === 'task' || item.type === 'assessment'
      ? {
          lineItem: {
            scoreMaximum: 100,
            label: item.title,
            resourceId: `${item.type}:${item.id ?? ''}`,
          },
        }
      : {}),
  };
}

/**
 * Deep Linking 2.0: the teacher's choice from their own deep-linking launch (within an hour)
 * goes back as a JWT signed with our key; the browser posts it on through `returnDeepLink`.
 */
export async function answerDeepLink(
  deps: LtiDeps,
  actor: Actor,
  body: z.output<typeof deepLinkBody>,
) {
  const { db } = deps;
  const [launch] = await db
    .select({ launch: ltiLaunches, platform: ltiPlatforms })
    .from(ltiLaunches)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiLaunches.platformId))
    .where(and(eq(ltiLaunches.id, body.launch_id), eq(ltiLaunches.userId, actor.userId)));
  const settings = launch?.launch.deepLinking as
    { return_url: string; data: unknown; deployment_id: string } | null | undefined;
  if (!launch || !settings || !launch.launch.usedAt) {
    throw notFound('lti:messages.deep_link_not_found');
  }
  if (Date.now() - launch.launch.usedAt.getTime() > 60 * 60_000) {
    throw refusal(410, 'deep_link_expired', 'lti:messages.deep_link_expired');
  }
  const workspaceId = launch.launch.workspaceId;
  const items = body.items.map((item) => contentItem(deps, workspaceId, item));
  const jwt = await signWithToolKey(db, {
    iss: launch.platform.clientId,
    aud: launch.platform.issuer,
    nonce: crypto.randomUUID(),
    [CLAIM.messageType]: MESSAGE.deepLinkingResponse,
    [CLAIM.version]: '1.3.0',
    [CLAIM.deploymentId]: settings.deployment_id,
    [CLAIM.contentItems]: items,
    ...(settings.data !== null && settings.data !== undefined
      ? { [CLAIM.dlData]: settings.data }
      : {}),
  });
  await db
    .update(ltiLaunches)
    .set({ deepLinking: { ...settings, response_jwt: jwt } })
    .where(eq(ltiLaunches.id, launch.launch.id));
  return { return_url: settings.return_url, jwt };
}

/**
 * The signed answer the browser posts back to us (our CSP lets forms go only to us), spent
 * once: answers where to post it on. A JWT that is not the one we signed is a LaunchError.
 */
export async function returnDeepLink(deps: LtiDeps, input: { launch_id?: number; JWT?: string }) {
  const { db } = deps;
  const [launch] = input.launch_id
    ? await db.select().from(ltiLaunches).where(eq(ltiLaunches.id, input.launch_id))
    : [];
  const settings = launch?.deepLinking as { return_url?: string; response_jwt?: string } | null;
  if (!settings?.response_jwt || !input.JWT || settings.response_jwt !== input.JWT) {
    throw new LaunchError('invalid_token', 400);
  }
  await db.update(ltiLaunches).set({ deepLinking: null }).where(eq(ltiLaunches.id, launch.id));
  return { returnUrl: String(settings.return_url), jwt: input.JWT };
}
