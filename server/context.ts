import type { TFunction } from 'i18next';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { UserRow } from './db/schema';
import type { Language } from './i18n';
import type { Jobs } from './jobs';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime';

/** What every module gets from the app: built once in buildApp, never a global. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  realtime: Realtime;
  /** The shared Redis connection (rate limits, readiness) when REDIS_URL is set. */
  redis?: Redis;
  jobs: Jobs;
}

export interface Auth {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open without sign-in; every other API route answers 401 to signed-out callers. */
    public?: boolean;
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
