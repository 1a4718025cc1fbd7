import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  createdAt,
  jsonList,
  jsonObject,
  optionalParentRef,
  parentRef,
  serialId,
  timestampTz,
  timestamps,
  updatedAt,
  weakRef,
} from './columns';

/** A person's id on a row that goes with them: removed when the person is. */
export function personId(column: string) {
  return parentRef(column, () => users.id);
}

/**
 * A table of the people named on a row of another table (a task's reviewers, a meeting's
 * attendees): one row per that row and person, removed with either. `key` and `column` name the
 * other row's id; `byPerson` adds the index that finds a person's rows (`<name>_user_idx`).
 */
export function peopleOf<TName extends string, TKey extends string>(
  name: TName,
  key: TKey,
  column: string,
  target: () => AnyPgColumn,
  { byPerson }: { byPerson: boolean },
) {
  const columns = { [key]: parentRef(column, target), userId: personId('user_id') } as Record<
    TKey,
    ReturnType<typeof parentRef>
  > & { userId: ReturnType<typeof personId> };
  return pgTable(name, columns, (t) => [
    primaryKey({ columns: [t[key], t.userId] }),
    ...(byPerson ? [index(`${name}_user_idx`).on(t.userId)] : []),
  ]);
}

export const users = pgTable(
  'users',
  {
    id: serialId(),
    publicId: uuid('public_id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: ['user', 'supervisor'] })
      .notNull()
      .default('user'),
    language: text('language', { enum: ['en', 'vi'] })
      .notNull()
      .default('en'),
    timezone: text('timezone').notNull().default('UTC'),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    verifiedAt: timestampTz('verified_at'),
    privacyAcceptedAt: timestampTz('privacy_accepted_at'),
    deactivatedAt: timestampTz('deactivated_at'),
    deletedAt: timestampTz('deleted_at'),
    preferences: jsonObject('preferences'),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestampTz('two_factor_enabled_at'),
    twoFactorRequired: boolean('two_factor_required').notNull().default(false),
    /** scrypt hashes of unused recovery codes */
    recoveryCodes: jsonList<string>('recovery_codes'),
    /** The last TOTP time step accepted, so one code never signs in twice. */
    totpLastStep: integer('totp_last_step'),
    passwordChangedAt: timestampTz('password_changed_at'),
    socialMedia: jsonObject<Record<string, string>>('social_media'),
    privacyOptions: jsonObject<Record<string, string>>('privacy_options'),
    notificationSettings: jsonObject<Record<string, boolean>>('notification_settings'),
    /** The last workspace the user opened (spec 4: the menu's active workspace). */
    lastActiveWorkspaceId: integer('last_active_workspace_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_public_id_unique').on(t.publicId),
  ],
);

/** One row per issued access token, so sign-out can revoke it server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: personId('user_id'),
    via: text('via').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use secrets sent by mail or handed to a half-finished sign-in. Only hashes are stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serialId(),
    purpose: text('purpose', {
      enum: [
        'verify_email',
        'reset_password',
        'login_challenge',
        'otp',
        'oidc_state',
        'sign_in_link',
      ],
    }).notNull(),
    /** Finds the row of a split token (server/auth/split-token.ts), so wrong verifiers count. */
    selector: text('selector'),
    /** sha256 of the verifier (or, for mailed codes, of purpose, address and code). */
    tokenHash: text('token_hash').notNull(),
    userId: optionalParentRef('user_id', () => users.id),
    email: text('email'),
    payload: jsonObject('payload'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_unique').on(t.purpose, t.tokenHash),
    uniqueIndex('one_time_tokens_selector_unique').on(t.purpose, t.selector),
  ],
);

/** Accounts at external identity providers (OpenID Connect, Microsoft Entra ID through Teams). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serialId(),
    userId: personId('user_id'),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject').on(t.provider, t.subject)],
);

export const userConfigs = pgTable(
  'user_configs',
  {
    userId: personId('user_id'),
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const userTours = pgTable(
  'user_tours',
  {
    userId: personId('user_id'),
    name: text('name').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

export const clientLogs = pgTable('client_logs', {
  id: serialId(),
  userId: weakRef('user_id', () => users.id),
  platform: text('platform'),
  tag: text('tag'),
  environment: text('environment'),
  type: text('type', { enum: ['log', 'error'] }).notNull(),
  url: text('url'),
  action: text('action'),
  description: text('description'),
  requestId: text('request_id'),
  createdAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;
