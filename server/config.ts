import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url().optional());

/** proxy-addr's names for address ranges, usable in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const proxyEntry = (entry: string) =>
  PROXY_RANGE_NAMES.includes(entry) || isIP(entry.replace(/\/\d{1,3}$/, '')) !== 0;

/**
 * Which peers may tell us the client's address in X-Forwarded-For (Fastify's `trustProxy`):
 * unset trusts nobody, a number trusts that many hops, a comma list trusts those proxies.
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        /^\d+$/.test(value.trim()) ||
        value.split(',').every((entry) => proxyEntry(entry.trim())),
      'a hop count, or a comma list of addresses, CIDR ranges, loopback, linklocal, uniquelocal',
    )
    .transform((value): number | string[] | false => {
      if (value === undefined) return false;
      if (/^\d+$/.test(value.trim())) return Number(value.trim());
      return value.split(',').map((entry) => entry.trim());
    }),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Where people reach the app (links in mail, LTI, Teams); on a laptop, this machine's PORT. */
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalUrl,
  /** Connections each process keeps at most on PostgreSQL (N processes hold N times this). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  /** false behind a transaction-mode pooler (PgBouncer before 1.21): no named statements. */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['0', '1', 'true', 'false'])
    .default('true')
    .transform((v) => v === '1' || v === 'true'),
  REDIS_URL: optionalUrl,
  /** /metrics answers only `Authorization: Bearer <this>`; unset, /metrics is off (404). */
  METRICS_TOKEN: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Teamloop <no-reply@teamloop.local>'),
  /** Where the support widget's messages are mailed; unset, the widget says support is off. */
  SUPPORT_EMAIL: z.preprocess(emptyAsUndefined, z.string().email().optional()),
  JWT_SECRET: optionalString,
  /** Former signing secrets (comma list): tokens they signed stay valid until they expire. */
  JWT_SECRET_PREVIOUS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
  ),
  ACCESS_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(100),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1_048_576),
  /** Each person's free capacity in MB: drive files plus what they attached to tasks, assessments, chats. */
  DRIVE_CAPACITY_MB: z.coerce.number().int().min(0).default(1024),
  /**
   * An S3-compatible bucket for files (AWS, MinIO, R2 ...), chosen when S3_BUCKET is set;
   * files stay on disk under DATA_DIR otherwise. Path-style addressing for local servers.
   */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false'])
    .default('false')
    .transform((v) => v === '1' || v === 'true'),
  FILE_SWEEP_GRACE_MS: z.coerce.number().int().min(0).default(3_600_000),
  FILE_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(3_600_000),
  /** Memory for answers kept between reads (task pages, workspace lists), in MB per process; 0 keeps none. */
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4096).default(16),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  TRUST_PROXY: trustProxy,
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_DISPLAY_NAME: z.string().default('Single sign-on'),
  OIDC_ALLOW_INSECURE_HTTP: z
    .enum(['0', '1', 'true', 'false'])
    .default('false')
    .transform((v) => v === '1' || v === 'true'),
  M365_CLIENT_ID: optionalString,
  M365_CLIENT_SECRET: optionalString,
  M365_TENANT_ID: optionalString,
  M365_AUTHORITY_HOST: z.string().url().default('https://login.microsoftonline.com'),
  M365_APPLICATION_ID_URI: optionalString,
  /** Microsoft Graph (another host in national clouds and tests). */
  M365_GRAPH_URL: z.string().url().default('https://graph.microsoft.com'),
  /** Zoom server-to-server OAuth app; meetings through Zoom are off without all three. */
  ZOOM_ACCOUNT_ID: optionalString,
  ZOOM_CLIENT_ID: optionalString,
  ZOOM_CLIENT_SECRET: optionalString,
  ZOOM_OAUTH_URL: z.string().url().default('https://zoom.us/oauth/token'),
  ZOOM_API_URL: z.string().url().default('https://api.zoom.us'),
  /**
   * Zoom for each person (a general, user-managed OAuth app: authorization code with refresh
   * tokens); "Connect Zoom" is off without both. The token URL is ZOOM_OAUTH_URL.
   */
  ZOOM_USER_CLIENT_ID: optionalString,
  ZOOM_USER_CLIENT_SECRET: optionalString,
  ZOOM_AUTHORIZE_URL: z.string().url().default('https://zoom.us/oauth/authorize'),
  /** The Teams app's id (appPackage/manifest.json `id`): the "Add to Teams" link; none without. */
  TEAMS_APP_ID: optionalString,
  /**
   * Google Calendar sync (OAuth 2.0 web client); off without the id and secret. The three URLs
   * are Google's own unless a test points them at a stand-in.
   */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_OAUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_API_URL: z.string().url().default('https://www.googleapis.com'),
  /** Minutes between two scheduled calendar syncs of every connection. */
  CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Card payments through Stripe Checkout; without the key a local test processor (never in production). */
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the Stripe SDK sends its calls (a local stand-in in tests). */
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  /** The currency of plan prices and invoices (ISO 4217, lower case). */
  BILLING_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/)
    .default('usd'),
  /** okrAI: an OpenAI-compatible chat-completions endpoint (base URL, e.g. .../v1); rules without it. */
  OKR_AI_URL: optionalUrl,
  OKR_AI_KEY: optionalString,
  OKR_AI_MODEL: z.string().default('gpt-4o-mini'),
  /**
   * The team assistant's model: an OpenAI-compatible endpoint with tool calling (base URL, e.g.
   * .../v1); rules alone without it (docs/decisions/assistant.md).
   */
  ASSISTANT_AI_URL: optionalUrl,
  ASSISTANT_AI_KEY: optionalString,
  ASSISTANT_AI_MODEL: z.string().default('gpt-4o-mini'),
  /** How long the assistant waits for the model before the rules answer. */
  ASSISTANT_AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /**
   * Web Push to browsers (VAPID, RFC 8292): a key pair from `npx web-push generate-vapid-keys`
   * and a contact (mailto: or https:); browser notifications are off without all three.
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https: address')
      .optional(),
  ),
  /** The push services' hosts the server posts to (comma list); unset, the browsers' own. */
  PUSH_SERVICE_HOSTS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value) =>
        value
          ?.split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),
  /** The hour (UTC) the daily notification digest goes out. */
  NOTIFICATION_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  JOBS_WORK: z
    .enum(['0', '1', 'true', 'false'])
    .default('true')
    .transform((v) => v === '1' || v === 'true'),
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(30),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).default(300),
  /** How often each process closes the sockets of sessions that ended meanwhile (a backstop). */
  SOCKET_SESSION_CHECK_SECONDS: z.coerce.number().min(0.1).default(60),
  TASK_REMINDER_LEAD_HOURS: z.coerce.number().min(0).default(24),
  SERVE_CLIENT: z
    .enum(['0', '1', 'true', 'false'])
    .default('true')
    .transform((v) => v === '1' || v === 'true'),
});

type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Omit<Env, 'JWT_SECRET' | 'DATA_DIR' | 'APP_URL'> {
  APP_URL: string;
  DATA_DIR: string;
  /**
   * The signing secret at start ('' in loadConfig's answer when it lives in the database). What
   * signs and verifies is `deps.signingKeys`, which follows rotations (server/auth/signing-keys.ts).
   */
  JWT_SECRET: string;
  oidc?: { issuer: string; clientId: string; clientSecret?: string; displayName: string };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const oidc =
    values.OIDC_ISSUER && values.OIDC_CLIENT_ID
      ? {
          issuer: values.OIDC_ISSUER,
          clientId: values.OIDC_CLIENT_ID,
          clientSecret: values.OIDC_CLIENT_SECRET,
          displayName: values.OIDC_DISPLAY_NAME,
        }
      : undefined;
  return {
    ...values,
    APP_URL: values.APP_URL ?? `http://localhost:${values.PORT || 3000}`,
    DATA_DIR: dataDir,
    // Unset: the app reads (or generates once) the secret in the database (server/auth/signing-keys.ts).
    JWT_SECRET: values.JWT_SECRET ?? '',
    oidc,
  };
}

/** TRUST_PROXY as Fastify's `trustProxy`, whose types have no hop count (proxy-addr's `hop < n`). */
export function trustProxyOption(
  value: AppConfig['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
