import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { personId, userIdentities, users } from './users';
import { workspaceId, workspaces } from './workspaces';
import {
  createdAt,
  jsonList,
  optionalParentRef,
  parentRef,
  serialId,
  timestampTz,
  timestamps,
  weakRef,
} from './columns';

/**
 * Plugins (spec 7.13): learning platforms registered for LTI 1.3. One row per platform
 * registration (issuer + client id); docs/decisions/lti.md.
 */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: serialId(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    deploymentIds: jsonList<string>('deployment_ids'),
    authLoginUrl: text('auth_login_url').notNull(),
    accessTokenUrl: text('access_token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    /** Whether the platform's e-mail addresses may link to existing accounts. */
    trustEmails: boolean('trust_emails').notNull().default(false),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    ownerId: weakRef('owner_id', () => users.id),
    /**
     * A supervisor's approval (docs/decisions/lti.md): only an approved registration may link
     * launches to accounts by e-mail or let its origins frame every page. Null: not approved.
     */
    approvedAt: timestampTz('approved_at'),
    approvedBy: weakRef('approved_by', () => users.id),
    ...timestamps(),
    archivedAt: timestampTz('archived_at'),
  },
  (t) => [uniqueIndex('lti_platforms_issuer_client').on(t.issuer, t.clientId)],
);

/** Nonces of accepted launches: the unique index is what makes a nonce good once. */
export const ltiNonces = pgTable(
  'lti_nonces',
  {
    platformId: parentRef('platform_id', () => ltiPlatforms.id),
    nonce: text('nonce').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [uniqueIndex('lti_nonces_unique').on(t.platformId, t.nonce)],
);

/** Our signing keys (tool JWKS): the newest is current, the retired ones stay published a while. */
export const ltiKeys = pgTable('lti_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  retiredAt: timestampTz('retired_at'),
});

/** A course (LTI context) of a platform and the workspace it opens. */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: serialId(),
    platformId: parentRef('platform_id', () => ltiPlatforms.id),
    contextId: text('context_id').notNull(),
    deploymentId: text('deployment_id').notNull(),
    title: text('title'),
    workspaceId: workspaceId('workspace_id'),
    /** AGS line items container and NRPS memberships URL from the latest launch. */
    lineItemsUrl: text('line_items_url'),
    agsScopes: jsonList<string>('ags_scopes'),
    membershipsUrl: text('memberships_url'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lti_contexts_unique').on(t.platformId, t.contextId),
    index('lti_contexts_workspace_idx').on(t.workspaceId),
  ],
);

/** A person of a platform (LTI subject) as the gradebook knows them, per context. */
export const ltiMembers = pgTable(
  'lti_members',
  {
    id: serialId(),
    contextId: parentRef('context_id', () => ltiContexts.id),
    userId: personId('user_id'),
    subject: text('subject').notNull(),
  },
  (t) => [uniqueIndex('lti_members_unique').on(t.contextId, t.userId)],
);

/**
 * A validated launch waiting for the page /lti/process/:plugin to finish it (one use, short
 * lived): the hash of its handle, who signs in, where they land, deep-linking settings.
 */
export const ltiLaunches = pgTable('lti_launches', {
  id: serialId(),
  handleHash: text('handle_hash').notNull().unique(),
  platformId: parentRef('platform_id', () => ltiPlatforms.id),
  userId: personId('user_id'),
  workspaceId: optionalParentRef('workspace_id', () => workspaces.id),
  deepLinking: jsonb('deep_linking').$type<Record<string, unknown> | null>(),
  expiresAt: timestampTz('expires_at').notNull(),
  usedAt: timestampTz('used_at'),
  /**
   * The identity a launch that made its account may move to another account: the person signs
   * in to that one in the same browser and confirms (hash of the secret in their cookie).
   */
  identityId: weakRef('identity_id', () => userIdentities.id),
  linkHash: text('link_hash'),
});

export type LtiPlatformRow = typeof ltiPlatforms.$inferSelect;
export type LtiContextRow = typeof ltiContexts.$inferSelect;

/**
 * A reading of a course's roster (NRPS) into its workspace, queued by a teacher's launch or
 * the People page's button and done by a job: what the page shows while it runs and after.
 */
export const ltiRosterSyncs = pgTable(
  'lti_roster_syncs',
  {
    id: serialId(),
    contextId: parentRef('context_id', () => ltiContexts.id),
    workspaceId: workspaceId('workspace_id'),
    /** The job acts for this person and refuses what they could not do themselves. */
    requestedBy: weakRef('requested_by', () => users.id),
    trigger: text('trigger', { enum: ['launch', 'button'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    invited: integer('invited'),
    added: integer('added'),
    skipped: integer('skipped'),
    withoutEmail: integer('without_email'),
    /** Why it failed: a code and the message key (with its values) shown to the reader. */
    errorCode: text('error_code'),
    errorMessage: jsonb('error_message').$type<{ key: string; params?: Record<string, unknown> }>(),
    createdAt: createdAt(),
    finishedAt: timestampTz('finished_at'),
  },
  (t) => [index('lti_roster_syncs_context_idx').on(t.contextId, t.createdAt)],
);
