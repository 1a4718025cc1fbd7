import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openTestDatabase } from '../support/database';
import { CLIENT_ID, startEntraStandIn, TENANT_A } from './entra';

/** Where the browser tests find the app and the Entra ID stand-in (printed on start). */
export interface TeamsTestServer {
  url: string;
  entra: string;
}

/**
 * Teamloop configured for Teams SSO against the Entra ID stand-in, for the browser tests:
 * the built client (the e2e web server has built it), the API and the bot-proxy, on its own
 * database and port. Run by tests/e2e/teams.spec.ts as a child process (Playwright's module
 * loader cannot load the server), which prints one JSON line with the addresses.
 */
async function main() {
  const entra = await startEntraStandIn();
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-teams-e2e-'));
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'teams-e2e-secret-that-is-long-enough-for-hs256',
      LOG_LEVEL: 'silent',
      SERVE_CLIENT: 'true',
      AUTH_RATE_LIMIT_MAX: '10000',
      M365_CLIENT_ID: CLIENT_ID,
      M365_TENANT_ID: TENANT_A,
      M365_AUTHORITY_HOST: entra.url,
    }),
    database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const ready: TeamsTestServer = { url: `http://127.0.0.1:${port}`, entra: entra.url };
  console.log(JSON.stringify(ready));

  const stop = async () => {
    await app.close();
    await database.close();
    await entra.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
