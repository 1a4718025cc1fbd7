import type { Plugin, ToolUrls } from '@contracts/lti';
import type { AppConfig } from '../../config';
import type { LtiPlatformRow } from '../../db/schema';

const API = '/api/v2/core/lti';

/** The URLs of ours a platform admin copies into the platform's tool registration. */
export function toolUrls(config: AppConfig, registerToken?: string): ToolUrls {
  const base = config.APP_URL.replace(/\/$/, '');
  return {
    login_url: `${base}${API}/login`,
    launch_url: `${base}${API}/launch`,
    jwks_url: `${base}${API}/jwks`,
    register_url: `${base}${API}/register${registerToken ? `?t=${registerToken}` : ''}`,
    deep_linking_url: `${base}${API}/launch`,
  };
}

/** A plugin as its viewer sees it: supervisors may approve one, or take approval back. */
export function presentPlugin(
  row: LtiPlatformRow,
  urls: ToolUrls,
  viewer: { role: 'user' | 'supervisor' },
): Plugin {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    client_id: row.clientId,
    deployment_ids: row.deploymentIds,
    auth_login_url: row.authLoginUrl,
    access_token_url: row.accessTokenUrl,
    jwks_url: row.jwksUrl,
    trust_emails: row.trustEmails,
    approved: row.approvedAt !== null,
    approved_at: row.approvedAt?.toISOString() ?? null,
    emails_trusted: row.approvedAt !== null && row.trustEmails,
    status: row.status,
    owner_id: row.ownerId,
    abilities: { approve: viewer.role === 'supervisor' },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    tool_urls: urls,
  };
}
