import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';
import { scheduleDailyBackups } from './db/backups';
import { DataDirInUseError } from './db/data-dir-lock';
import { EmbeddedDatabaseError } from './db/embedded';

/** `npm start`: one process serving the SPA, the tab pages, the bot-proxy, the API and the socket. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  let stopBackups: (() => void) | undefined;
  app.addHook('onClose', async () => stopBackups?.());
  await app.listen({ port: config.PORT, host: config.HOST });
  const embedded = app.deps.database.embedded;
  if (embedded) {
    // Scripts find this server through DATA_DIR's lock (server/scripts/operator.ts).
    embedded.lock.announce({
      adminUrl: loopbackUrl(app.server.address() as AddressInfo),
      adminToken: app.deps.adminToken!,
      appUrl: config.APP_URL,
    });
    stopBackups = scheduleDailyBackups({
      dataDir: config.DATA_DIR,
      backup: () => embedded.backup('daily'),
      log: app.log,
    });
  }
  app.log.info(
    { url: config.APP_URL, database: app.deps.database.kind, mail: app.deps.mailer.mode },
    'Teamloop is ready',
  );
}

/** Where a script on this machine reaches the server; none when it listens elsewhere only. */
function loopbackUrl({ address, port }: AddressInfo): string | undefined {
  // '::' takes IPv4 as well, and 127.0.0.1 is there on every machine.
  if (['0.0.0.0', '::'].includes(address) || address.startsWith('127.')) {
    return `http://127.0.0.1:${port}`;
  }
  if (address === '::1') return `http://[::1]:${port}`;
  return undefined;
}

main().catch((error: unknown) => {
  // What the operator must do, in words: no stack for a refusal they can act on.
  if (error instanceof DataDirInUseError || error instanceof EmbeddedDatabaseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
