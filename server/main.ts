import { buildApp } from './app';
import { loadConfig } from './config';

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
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { url: config.APP_URL, database: app.deps.database.kind, mail: app.deps.mailer.mode },
    'Teamloop is ready',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
