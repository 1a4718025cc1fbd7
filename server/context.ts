import type { Placeholder, SQL } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { Redis } from 'ioredis';
import type { SigningKeys } from './auth/signing-keys';
import type { AppConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { UserRow, WorkspaceRole, WorkspaceRow } from './db/schema';
import type { Language } from './i18n';
import type { Jobs } from './jobs';
import type { Mailer } from './mail/mailer';
import type { ResponseCache } from './http/response-cache';
import type { Realtime } from './realtime';

/** What every module gets from the app: built once in buildApp, never a global. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  realtime: Realtime;
  /** The access tokens' signing keys: one for every process, previous ones still verify. */
  signingKeys: SigningKeys;
  /** The shared Redis connection (rate limits, readiness) when REDIS_URL is set. */
  redis?: Redis;
  jobs: Jobs;
  /**
   * Answers kept between reads while what they show has not changed (the task list, the
   * workspace list), one memory budget for all (`RESPONSE_CACHE_MB`).
   */
  keptAnswers: ResponseCache;
  /**
   * What the operator's scripts show to reach this server's admin routes (server/modules/admin):
   * written into DATA_DIR's lock by `npm start`; unset, those routes refuse everyone.
   */
  adminToken?: string;
}

export interface Auth {
  user: UserRow;
  sessionId: string;
  /** What the route's `sessionExtra` asked for, read in the same query as the session. */
  extra?: unknown;
  /**
   * The caller's access to the workspace the route names, read in the same query as the
   * session; the route's first check of that workspace takes it (server/core/workspace-access.ts).
   */
  workspace?: AccessRow & { workspaceId: number };
}

/** What the access to a workspace is read from: its row and the caller's role in it. */
export interface AccessRow {
  workspace: WorkspaceRow | null;
  role: WorkspaceRole | null;
  /** The workspace's change count (server/core/workspace-changes.ts), 0 when there is none. */
  changes: number;
}

/**
 * A value a route needs about the signed-in person, as SQL over their id: read in the one
 * query that resolves the session instead of a query of its own (`config: { sessionExtra }`).
 * That query is built once per `shape` (server/db/prepared.ts).
 */
export interface SessionExtra {
  shape: string;
  sql: (userId: UserIdParam) => SQL;
}
/** A person's id in SQL: a value, or the placeholder of a prepared query. */
export type UserIdParam = number | Placeholder;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open without sign-in; every other API route answers 401 to signed-out callers. */
    public?: boolean;
    sessionExtra?: SessionExtra;
  }
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    lang: Language;
    t: TFunction;
    /** Set by the authenticate hook; routes that require sign-in read it through requireAuth. */
    auth: Auth | null;
  }
}
