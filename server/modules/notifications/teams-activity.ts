import type { AppConfig } from '../../config';
import type { NotificationKind } from '@contracts/notifications';

/**
 * The Teams activity feed through Microsoft Graph, app-only: a token by the client
 * credentials grant at the tenant's token endpoint, then
 * `POST /v1.0/users/{id}/teamwork/sendActivityNotification` (204 No Content). The activity
 * types are declared in appPackage/manifest.json (`activities.activityTypes`).
 */

/** The activity type each kind is sent as; each is declared in the manifest. */
export const ACTIVITY_TYPE: Record<NotificationKind, string> = {
  task_assigned: 'taskAssigned',
  task_submitted: 'taskSubmitted',
  task_returned: 'taskReturned',
  task_accepted: 'taskAccepted',
  task_reminder: 'deadlineNear',
  assessment_reminder: 'deadlineNear',
  okr_check_in_due: 'deadlineNear',
  mentioned: 'mentioned',
  workspace_invited: 'workspaceInvited',
  team_formed: 'teamFormed',
  meeting_invited: 'meetingInvited',
};

export interface TeamsSettings {
  clientId: string;
  clientSecret: string;
  tenantId: string;
  authorityHost: string;
  graphUrl: string;
}

/** The Entra app's settings, or null when the activity feed is off. */
export function teamsActivitySettings(config: AppConfig): TeamsSettings | null {
  if (!config.M365_CLIENT_ID || !config.M365_CLIENT_SECRET || !config.M365_TENANT_ID) return null;
  // An app-only token is for one tenant: a multi-tenant sign-in setting leaves the feed off.
  if (['common', 'organizations', 'consumers'].includes(config.M365_TENANT_ID.toLowerCase())) {
    return null;
  }
  return {
    clientId: config.M365_CLIENT_ID,
    clientSecret: config.M365_CLIENT_SECRET,
    tenantId: config.M365_TENANT_ID,
    authorityHost: config.M365_AUTHORITY_HOST.replace(/\/+$/, ''),
    graphUrl: config.M365_GRAPH_URL.replace(/\/+$/, ''),
  };
}

export class GraphError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

const TIMEOUT_MS = 10_000;
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** An app-only Graph token, kept until a minute before it expires. */
export async function appToken(settings: TeamsSettings): Promise<string> {
  const key = `${settings.authorityHost}|${settings.tenantId}|${settings.clientId}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
  const response = await fetch(
    `${settings.authorityHost}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        scope: 'https://graph.microsoft.com/.default',
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  const body = (await response.json().catch(() => null)) as {
    access_token?: string;
    expires_in?: number;
    error?: string;
  } | null;
  if (!response.ok || !body?.access_token) {
    throw new GraphError(
      response.status,
      `token request refused: ${body?.error ?? response.status}`,
    );
  }
  tokens.set(key, {
    token: body.access_token,
    expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000,
  });
  return body.access_token;
}

export interface ActivityNotification {
  /** The person's Entra object id. */
  userId: string;
  kind: NotificationKind;
  /** The words shown under the title (Teams shows the first 150 characters). */
  preview: string;
  /** The topic line, and where a click goes. */
  topic: string;
  webUrl: string;
  actor: string;
}

/** The request body Graph documents for userTeamwork: sendActivityNotification. */
export function activityBody(activity: ActivityNotification) {
  return {
    topic: { source: 'text', value: activity.topic.slice(0, 200), webUrl: activity.webUrl },
    activityType: ACTIVITY_TYPE[activity.kind],
    previewText: { content: activity.preview.slice(0, 150) },
    templateParameters: [
      { name: 'actor', value: activity.actor },
      { name: 'title', value: activity.topic.slice(0, 200) },
    ],
  };
}

export async function sendActivityNotification(
  settings: TeamsSettings,
  activity: ActivityNotification,
): Promise<void> {
  const token = await appToken(settings);
  const response = await fetch(
    `${settings.graphUrl}/v1.0/users/${encodeURIComponent(activity.userId)}/teamwork/sendActivityNotification`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(activityBody(activity)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  if (response.status === 401) tokens.clear();
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new GraphError(
      response.status,
      `sendActivityNotification ${response.status}: ${text.slice(0, 300)}`,
    );
  }
}
