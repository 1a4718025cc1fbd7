import type { LtiPlatformRow, WorkspaceRole } from '../../db/schema';

/** LTI 1.3 claim names and vocabularies (1EdTech LTI Core 1.3, DL 2.0, AGS 2.0, NRPS 2.0). */
export const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  launchPresentation: `${LTI}launch_presentation`,
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  dlData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
} as const;

export const MESSAGE = {
  resourceLink: 'LtiResourceLinkRequest',
  deepLinkingRequest: 'LtiDeepLinkingRequest',
  deepLinkingResponse: 'LtiDeepLinkingResponse',
} as const;

export const SCOPE = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  resultReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

export const MEDIA = {
  lineItemContainer: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  score: 'application/vnd.ims.lis.v1.score+json',
  memberships: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
} as const;

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';

export type LtiRoleKind = 'instructor' | 'ta' | 'learner' | 'other';

/**
 * The kind of a launch's roles: Instructor and administrators first, then a teaching
 * assistant (its URI is a sub-role of Instructor, so it is matched exactly), then Learner.
 */
export function roleKind(roles: unknown): LtiRoleKind {
  const list = Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  const has = (test: (r: string) => boolean) => list.some(test);
  if (has((r) => r === `${MEMBERSHIP}/Instructor#TeachingAssistant`)) {
    if (!has((r) => r === `${MEMBERSHIP}#Instructor` || r.endsWith('#Administrator'))) return 'ta';
  }
  if (
    has(
      (r) =>
        r === `${MEMBERSHIP}#Instructor` ||
        r === 'Instructor' ||
        r === `${MEMBERSHIP}#Administrator` ||
        r === 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator' ||
        r === 'http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator',
    )
  ) {
    return 'instructor';
  }
  if (has((r) => r === `${MEMBERSHIP}#Learner` || r === 'Learner')) return 'learner';
  return 'other';
}

/** The workspace role a launch's LTI role gives. */
export function workspaceRoleFor(kind: LtiRoleKind): WorkspaceRole {
  return kind === 'instructor' || kind === 'ta'
    ? 'admin'
    : kind === 'learner'
      ? 'member'
      : 'viewer';
}

/** A supervisor vouched for the registration (docs/decisions/lti.md, "Trust"). */
export const isApproved = (platform: Pick<LtiPlatformRow, 'approvedAt'>) =>
  platform.approvedAt !== null;
