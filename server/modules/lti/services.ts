import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { ltiContexts, ltiMembers, ltiPlatforms, type LtiPlatformRow } from '../../db/schema';
import { MEDIA, SCOPE } from './claims';
import { signWithToolKey } from './keys';

const TIMEOUT_MS = 10_000;

export class ServiceError extends Error {
  constructor(
    message: string,
    /** Worth another try later (network, 5xx, 429). */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/** Our signed client assertion (RFC 7523) for the platform's token endpoint. */
export function clientAssertion(db: DbOrTx, platform: LtiPlatformRow) {
  return signWithToolKey(db, {
    iss: platform.clientId,
    sub: platform.clientId,
    aud: platform.accessTokenUrl,
  });
}

/** An access token for LTI services by OAuth 2 client credentials with a JWT assertion. */
export async function serviceToken(db: DbOrTx, platform: LtiPlatformRow, scopes: string[]) {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: await clientAssertion(db, platform),
    scope: scopes.join(' '),
  });
  const response = await call(platform.accessTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
  });
  const json = (await response.json().catch(() => null)) as { access_token?: string } | null;
  if (!json?.access_token) throw new ServiceError('token endpoint gave no access_token', false);
  return json.access_token;
}

async function call(url: string, init: RequestInit) {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ServiceError(`${url}: ${(error as Error).message}`, true);
  }
  if (!response.ok) {
    const transient = response.status >= 500 || response.status === 429;
    throw new ServiceError(`${url}: HTTP ${response.status}`, transient);
  }
  return response;
}

/** Adds query parameters to a service URL that may already carry some. */
function withQuery(url: string, params: Record<string, string>) {
  const parsed = new URL(url);
  for (const [k, v] of Object.entries(params)) parsed.searchParams.set(k, v);
  return parsed.toString();
}

async function loadCourse(db: DbOrTx, workspaceId: number) {
  const [row] = await db
    .select({ context: ltiContexts, platform: ltiPlatforms })
    .from(ltiContexts)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
    .where(eq(ltiContexts.workspaceId, workspaceId))
    .limit(1);
  return row ?? null;
}

export interface ScoreJob {
  workspace_id: number;
  user_id: number;
  resource_id: string;
  label: string;
  score_given: number;
  score_maximum: number;
  timestamp: string;
}

/**
 * AGS: the line item of a Teamloop item (found by resourceId, created when missing) and the
 * person's score posted to it.
 */
export async function sendScore(deps: AppDeps, job: ScoreJob) {
  const course = await loadCourse(deps.db, job.workspace_id);
  if (!course?.context.lineItemsUrl)
    throw new ServiceError('course has no line items service', false);
  const [member] = await deps.db
    .select()
    .from(ltiMembers)
    .where(and(eq(ltiMembers.contextId, course.context.id), eq(ltiMembers.userId, job.user_id)));
  if (!member) throw new ServiceError('person has never launched from this course', false);
  const token = await serviceToken(deps.db, course.platform, [SCOPE.lineItem, SCOPE.score]);
  const auth = { authorization: `Bearer ${token}` };
  const list = await call(
    withQuery(course.context.lineItemsUrl, { resource_id: job.resource_id }),
    { headers: { ...auth, accept: MEDIA.lineItemContainer } },
  );
  const items = (await list.json()) as { id: string; resourceId?: string }[];
  let lineItem = Array.isArray(items) ? items.find((i) => i.resourceId === job.resource_id) : null;
  if (!lineItem) {
    const created = await call(course.context.lineItemsUrl, {
      method: 'POST',
      headers: { ...auth, 'content-type': MEDIA.lineItem, accept: MEDIA.lineItem },
      body: JSON.stringify({
        scoreMaximum: job.score_maximum,
        label: job.label,
        resourceId: job.resource_id,
        tag: 'teamloop',
      }),
    });
    lineItem = (await created.json()) as { id: string };
  }
  const scoresUrl = new URL(lineItem.id);
  scoresUrl.pathname = `${scoresUrl.pathname.replace(/\/$/, '')}/scores`;
  await call(scoresUrl.toString(), {
    method: 'POST',
    headers: { ...auth, 'content-type': MEDIA.score },
    body: JSON.stringify({
      userId: member.subject,
      scoreGiven: job.score_given,
      scoreMaximum: job.score_maximum,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: job.timestamp,
    }),
  });
}

export interface RosterMember {
  user_id: string;
  email?: string;
  name?: string;
  roles: string[];
  status?: string;
}

/** NRPS: the course's members, following `next` links. */
export async function readRoster(deps: AppDeps, workspaceId: number): Promise<RosterMember[]> {
  const course = await loadCourse(deps.db, workspaceId);
  if (!course?.context.membershipsUrl)
    throw new ServiceError('course has no roster service', false);
  const token = await serviceToken(deps.db, course.platform, [SCOPE.memberships]);
  const members: RosterMember[] = [];
  let next: string | null = course.context.membershipsUrl;
  for (let pages = 0; next && pages < 50; pages += 1) {
    const response: Response = await call(next, {
      headers: { authorization: `Bearer ${token}`, accept: MEDIA.memberships },
    });
    const body = (await response.json()) as { members?: RosterMember[] };
    members.push(...(body.members ?? []));
    const link: string = response.headers.get('link') ?? '';
    next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null;
  }
  return members;
}

export { loadCourse };
