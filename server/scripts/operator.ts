import { ADMIN_TOKEN_HEADER } from '@contracts/admin';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DataDirInUseError, dataDirOwner } from '../db/data-dir-lock';
import { EmbeddedDatabaseError } from '../db/embedded';

/** A call to the running server's admin routes (server/modules/admin): status and body. */
export type AdminCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: AdminAnswer }>;
export interface AdminAnswer {
  resource?: unknown;
  messages?: string[];
}

/** A refusal the operator can act on: printed as it is, without a stack. */
export class CommandRefused extends Error {}

/**
 * How an operator's command reaches the database. The embedded database has one owner
 * (issue 27): while a server owns DATA_DIR, the command goes through it (its admin routes, on
 * this machine, with the token it wrote into the lock); while another command owns it, it is
 * refused; otherwise the command opens the database itself, under the same lock. On
 * PostgreSQL the command connects as any process may.
 */
export async function runCommand<T>(steps: {
  throughServer(call: AdminCall): Promise<T>;
  directly(database: DatabaseHandle, config: AppConfig): Promise<T>;
}): Promise<T> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const owner = dataDirOwner(config.DATA_DIR);
    if (owner?.adminUrl && owner.adminToken) {
      const { adminUrl, adminToken } = owner;
      return steps.throughServer(async (method, path, body) => {
        let response: Response;
        try {
          response = await fetch(`${adminUrl}/api/v2/admin${path}`, {
            method,
            headers: {
              [ADMIN_TOKEN_HEADER]: adminToken,
              language: process.env.LANG?.startsWith('vi') ? 'vi' : 'en',
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        } catch (error) {
          throw new CommandRefused(
            `The server that owns ${config.DATA_DIR} (process ${owner.pid}) did not answer at ` +
              `${adminUrl}: ${(error as Error).cause ?? (error as Error).message}. Try again.`,
          );
        }
        return { status: response.status, body: (await response.json()) as AdminAnswer };
      });
    }
    if (owner) {
      throw new CommandRefused(
        `The embedded database in ${config.DATA_DIR} is open in process ${owner.pid} ` +
          `(${owner.command}, since ${owner.startedAt}), which takes no commands yet: ` +
          'try again once that server has started, or that command has finished.',
      );
    }
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  try {
    return await steps.directly(database, config);
  } finally {
    await database.close();
  }
}

/** Runs a script's main: its exit code, refusals in words, anything else with its stack. */
export function runScript(main: () => Promise<number>) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const known =
        error instanceof CommandRefused ||
        error instanceof DataDirInUseError ||
        error instanceof EmbeddedDatabaseError;
      console.error(known ? (error as Error).message : error);
      process.exitCode = 1;
    },
  );
}

/** The server's answer in words, for a refusal. */
export function messagesOf(answer: AdminAnswer): string {
  return answer.messages?.join(' ') || 'The server refused the command.';
}
