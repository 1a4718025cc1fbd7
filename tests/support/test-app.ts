import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig, type AppConfig } from '@server/config';
import { issueAccessToken } from '@server/auth/access-token';
import { hashSecret } from '@server/auth/password';
import type { DatabaseHandle } from '@server/db/client';
import { users, type UserRow } from '@server/db/schema';
import type { App } from '@server/http/types';
import { openAnotherHandle, openTestDatabase } from './database';
import { startSmtpServer, type SmtpServer } from './smtp';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * One scrypt hash per password for the whole file: people made straight in the database share
 * it (a salt reused in a test database costs nothing; a hash per person cost seconds a file).
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashSecret(password);
    hashes.set(password, hash);
  }
  return hash;
}

/**
 * The real app, in-process, on its own database and with a real SMTP server catching its mail.
 * Call `close()` in afterAll.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    /** Another app's database, to run two API processes on one database. */
    sharedDatabase?: DatabaseHandle;
    /** Where the request log goes (at LOG_LEVEL), for tests that read it; otherwise none. */
    logStream?: { write(line: string): void };
    /** A client build to serve. */
    clientDir?: string;
    /** Another app's mail server: mail jobs run in either process, so both send to one. */
    sharedSmtp?: SmtpServer;
  } = {},
) {
  const smtp = options.sharedSmtp ?? (await startSmtpServer());
  const database: DatabaseHandle = options.sharedDatabase ?? (await openTestDatabase());
  const config: AppConfig = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'teamloop-data-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    SERVE_CLIENT: 'false',
    AUTH_RATE_LIMIT_MAX: '1000',
    // Workers look for jobs twice a second: tests that wait for a job wait half as long.
    JOBS_POLL_SECONDS: '0.5',
    ...env,
  });
  const app: App = await buildApp({
    config,
    database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    clientDir: options.clientDir,
  });
  await app.ready();
  let counter = 0;

  return {
    app,
    db: database.db,
    database,
    config,
    smtp,
    /** A user straight in the database (verified unless told otherwise), with a token. */
    async createUser(
      options: Partial<typeof users.$inferInsert> & { password?: string; verified?: boolean } = {},
    ): Promise<{ user: UserRow; token: string; password: string }> {
      counter += 1;
      const password = options.password ?? 'correct horse battery';
      const { password: _p, verified, ...columns } = options;
      const [user] = await database.db
        .insert(users)
        .values({
          email: `person${counter}-${Date.now()}@example.com`,
          firstName: `Person${counter}`,
          lastName: 'Test',
          passwordHash: await hashOnce(password),
          verifiedAt: verified === false ? null : new Date(),
          ...columns,
        })
        .returning();
      const token = await issueAccessToken(app.deps, database.db, user, 'password');
      return { user, token, password };
    },
    async reloadUser(id: number) {
      const [user] = await database.db.select().from(users).where(eq(users.id, id));
      return user;
    },
    async close() {
      await app.close();
      if (!options.sharedDatabase) await database.close();
      if (!options.sharedSmtp) await smtp.close();
    },
  };
}

/**
 * A second API process beside `first`: its own app (and in-process rate-limit memory) and,
 * on PostgreSQL, its own connection pool on the same database.
 */
export async function createSecondApp(first: TestApp, env: Record<string, string> = {}) {
  const database = await openAnotherHandle(first.database);
  const second = await createTestApp(env, { sharedDatabase: database, sharedSmtp: first.smtp });
  return {
    ...second,
    async close() {
      await second.close();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
