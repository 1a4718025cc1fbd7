import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openTestDatabase } from '../../support/database';
import { ensureClientBuilt } from '../../../scripts/client-build';
import { E2E_BASE_URL, E2E_PORT, e2eDataDir, OIDC_DISPLAY_NAME, OIDC_PERSON } from './env';

/**
 * The real app for the browser tests: the built client, the API on a fresh database (PGlite,
 * or a new database on TEST_DATABASE_URL's server when set), mail written to the outbox, and
 * single sign-on through a real local OpenID Connect provider.
 */
/** The stand-in provider announces its development mode at length; that is expected here. */
function quietOidcProvider() {
  for (const level of ['info', 'warn'] as const) {
    const write = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('oidc-provider ')) return;
      write(...args);
    };
  }
}

async function main() {
  quietOidcProvider();
  await ensureClientBuilt();
  const dataDir = e2eDataDir();
  mkdirSync(dataDir, { recursive: true });
  const database = await openTestDatabase();
  // Imported after quieting: the provider warns about its runtime as soon as it loads.
  const { startOidcProvider } = await import('../../support/oidc-provider');
  const provider = await startOidcProvider({
    redirectUri: `${E2E_BASE_URL}/oauth/callback`,
    accounts: [OIDC_PERSON],
  });
  // Browser notifications on, with a key pair of this run (the browser's push service is not
  // reachable here: the settings page says so when the browser cannot subscribe).
  const vapid = webpush.generateVAPIDKeys();
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(E2E_PORT),
    APP_URL: E2E_BASE_URL,
    DATA_DIR: dataDir,
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    SERVE_CLIENT: 'true',
    // Every test signs up and in; the real budget would refuse the suite, not an attacker.
    AUTH_RATE_LIMIT_MAX: '10000',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_DISPLAY_NAME,
    OIDC_ALLOW_INSECURE_HTTP: 'true',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:e2e@teamloop.test',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: E2E_PORT, host: '127.0.0.1' });
  // The operator's token, as `npm start` leaves it in the lock: specs make supervisors with it.
  writeFileSync(path.join(dataDir, 'admin-token'), app.deps.adminToken!);
  console.log(`e2e server at ${E2E_BASE_URL} (${database.kind}, data in ${dataDir})`);

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await provider.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
