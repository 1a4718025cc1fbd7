import { createTestApp } from './test-app';
import net from 'node:net';

/**
 * A mail server that can be made to stall: while stalled it accepts connections and never says
 * a word; once released it closes what it held and passes new connections to the real one.
 */
export async function stallingRelay() {
  let target: number | undefined;
  let stalled = true;
  const held = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    if (stalled || target === undefined) {
      held.add(socket);
      return;
    }
    const upstream = net.connect(target, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    held,
    passTo(smtpUrl: string) {
      target = Number(new URL(smtpUrl).port);
    },
    release() {
      stalled = false;
      for (const socket of held) socket.destroy();
      held.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The app with its mail going through a stalling relay (on to the app's own catching SMTP once
 * released), retrying failed jobs after a second. Call `close()` in afterAll.
 */
export async function appBehindStallingRelay() {
  const relay = await stallingRelay();
  const t = await createTestApp({ SMTP_URL: relay.url, JOBS_RETRY_DELAY_SECONDS: '1' });
  relay.passTo(t.smtp.url);
  return {
    t,
    relay,
    async close() {
      await t.close();
      await relay.close();
    },
  };
}
