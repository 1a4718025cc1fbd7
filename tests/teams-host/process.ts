import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { JWTPayload } from 'jose';
import type { TeamsTestServer } from './app';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningTeamsServer extends TeamsTestServer {
  /** An SSO token from the stand-in, as Teams would hand it to the tab. */
  ssoToken(claims: JWTPayload): Promise<string>;
  /** Entra ID will want this person's consent before the on-behalf-of exchange. */
  requireConsent(oid: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts tests/teams-host/app.ts in its own process and waits for its addresses. */
export async function startTeamsServer(): Promise<RunningTeamsServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/teams-host/app.ts'],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<TeamsTestServer>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Teams test server exited (${code})`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as TeamsTestServer));
  });
  return {
    ...ready,
    async ssoToken(claims) {
      const response = await fetch(`${ready.control}/sso-token`, {
        method: 'POST',
        body: JSON.stringify(claims),
      });
      return ((await response.json()) as { token: string }).token;
    },
    async requireConsent(oid) {
      await fetch(`${ready.control}/require-consent`, {
        method: 'POST',
        body: JSON.stringify({ oid }),
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
