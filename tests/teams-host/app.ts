import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JWTPayload } from 'jose';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { openTestDatabase } from '../support/database';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  selfSignedCertificate,
  startEntraStandIn,
  TENANT_A,
  type EntraStandIn,
} from './entra';

/** Where the browser tests find the app, the Entra ID stand-in and its controls. */
export interface TeamsTestServer {
  /** The app over HTTPS, as Teams requires (the SDK refuses an http pop-up, for one). */
  url: string;
  /** The same app over plain HTTP, for the test's own calls from Node. */
  api: string;
  entra: string;
  control: string;
}

/** A free local port, so APP_URL (the consent pop-up's way back) can be known in advance. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** How the test process drives the stand-in: POST /sso-token (claims), /require-consent. */
function startControl(entra: EntraStandIn): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as JWTPayload;
      let answer: object = {};
      if (request.url === '/sso-token') answer = { token: await entra.ssoToken(body) };
      else if (request.url === '/require-consent') entra.requireConsent(String(body.oid));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Teamloop configured for Teams SSO against the Entra ID stand-in, for the browser tests:
 * the built client (the e2e web server has built it), the API and the bot-proxy with the
 * on-behalf-of exchange, on its own database, over HTTPS like a real tab (self-signed). Run by tests/e2e/teams.spec.ts as a
 * child process (Playwright's module loader cannot load the server), which prints one JSON
 * line with the addresses.
 */
async function main() {
  // MSAL only talks to an HTTPS authority: the stand-in's certificate is self-signed, and
  // this process, which exists only for the tests, accepts it.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const entra = await startEntraStandIn({ https: true });
  process.env.M365_GRAPH_URL = entra.url;
  const control = await startControl(entra);
  const database = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamloop-teams-e2e-'));
  const securePort = await freePort();
  const url = `https://127.0.0.1:${securePort}`;
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      APP_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'teams-e2e-secret-that-is-long-enough-for-hs256',
      LOG_LEVEL: 'silent',
      SERVE_CLIENT: 'true',
      AUTH_RATE_LIMIT_MAX: '10000',
      M365_CLIENT_ID: CLIENT_ID,
      M365_CLIENT_SECRET: CLIENT_SECRET,
      M365_TENANT_ID: TENANT_A,
      M365_AUTHORITY_HOST: entra.url,
    }),
    database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const secure = https.createServer(selfSignedCertificate(), (request, response) =>
    app.routing(request, response),
  );
  await new Promise<void>((resolve) => secure.listen(securePort, '127.0.0.1', resolve));
  const { port } = app.server.address() as AddressInfo;
  const { port: controlPort } = control.address() as AddressInfo;
  const ready: TeamsTestServer = {
    url,
    api: `http://127.0.0.1:${port}`,
    entra: entra.url,
    control: `http://127.0.0.1:${controlPort}`,
  };
  console.log(JSON.stringify(ready));

  const stop = async () => {
    secure.closeAllConnections();
    secure.close();
    await app.close();
    await database.close();
    await entra.close();
    control.close();
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
