/**
 * `npm run bench:web`: what a first visit costs in Debian's Chromium, for /signin, /profile
 * (signed in) and a workspace's tasks page, cold cache and warm, beside two baselines built and
 * served the same way in the same run: a bare React + Fluent UI sign-in card (bench/web/baseline)
 * and the least a signed-in page does with the whole fixed stack (bench/web/baseline-stack).
 * Per page: requests and bytes over the wire until the page is usable, the JavaScript among
 * them (over the wire, and gzip-compressed for comparison), first contentful paint and usable;
 * then requests and JavaScript (gzip) until the network is idle, what preloading adds included.
 * The app runs on a fresh embedded PGlite (or DATABASE_URL when set). Figures, never verdicts.
 * Options: --runs N (default 3; times are the median); --list: also every request of the last
 * cold visit of each page, in the order they were answered, to see what a page fetches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type CDPSession } from '@playwright/test';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';
import { startBenchApp } from '../support/app';
import { serveClient } from '../../server/http/client';
import { ensureClientBuilt } from '../../scripts/client-build';
import { precompress } from '../../scripts/precompress';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, list: { type: 'boolean', default: false } },
});
const runs = Number(values.runs);
const here = path.dirname(fileURLToPath(import.meta.url));

interface Visit {
  /** Each request's path, its bytes over the wire and, for JavaScript, gzip-compressed. */
  listing: { path: string; wireBytes: number; jsGzipBytes?: number; afterUsable: boolean }[];
  requests: number;
  fromNetwork: number;
  wireBytes: number;
  jsWireBytes: number;
  jsGzipBytes: number;
  /** Everything until the network is idle (nothing in flight for IDLE_MS), the usable part too. */
  idleRequests: number;
  idleJsGzipBytes: number;
  fcp: number;
  usable: number;
}

/** Idle as Playwright's `networkidle` counts it: no request in flight for half a second. */
const IDLE_MS = 500;

interface Target {
  name: string;
  url: string;
  /** The page is usable once this element shows (with this text, if given) and no spinner is left. */
  usable: { selector: string; text?: string };
  cookies?: { name: string; value: string }[];
}

/** Records every response of the page through the DevTools protocol. */
async function watchNetwork(cdp: CDPSession) {
  const seen = new Map<string, { url: string; js: boolean; cached: boolean; bytes: number }>();
  const inFlight = new Set<string>();
  let lastActivity = Date.now();
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    lastActivity = Date.now();
  });
  const settled = (event: { requestId: string }) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFailed', settled);
  cdp.on('Network.responseReceived', (event) => {
    seen.set(event.requestId, {
      url: event.response.url,
      js: event.type === 'Script',
      cached: Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache),
      bytes: 0,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const entry = seen.get(event.requestId);
    if (entry) entry.cached = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = seen.get(event.requestId);
    if (entry) entry.bytes = event.encodedDataLength;
    settled(event);
  });
  /** Resolves once nothing has been in flight for IDLE_MS (or after 15 s). */
  const idle = async () => {
    const giveUp = Date.now() + 15_000;
    while (Date.now() < giveUp && (inFlight.size > 0 || Date.now() - lastActivity < IDLE_MS)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { seen, idle };
}

async function visit(context: BrowserContext, target: Target): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const { seen, idle } = await watchNetwork(cdp);
  const bodies = new Map<string, Promise<Buffer | null>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      bodies.set(
        response.url(),
        response.body().catch(() => null),
      );
  });
  await page.goto(target.url, { waitUntil: 'commit' });
  // A function, not a string: the app's Content-Security-Policy forbids eval.
  const usable = await page.waitForFunction(
    ({ selector, text }) => {
      const found = [...document.querySelectorAll(selector)].some(
        (element) => text === undefined || element.textContent === text,
      );
      const loading = document.querySelector(
        '.fui-Spinner, [role="progressbar"]:not([aria-valuenow])',
      );
      return found && !loading && performance.now();
    },
    target.usable,
    { polling: 'raf', timeout: 30_000 },
  );
  const usableAt = Number(await usable.jsonValue());
  const untilUsable = new Set(seen.values());
  await idle();
  const all = [...seen.values()].filter((entry) => !entry.url.startsWith('data:'));
  const entries = all.filter((entry) => untilUsable.has(entry));
  // The paint entry arrives after the frame that showed the page.
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve(NaN), 5_000);
      }),
  );
  const js = entries.filter((entry) => entry.js);
  const gzipped = new Map<string, number>();
  for (const entry of all.filter((e) => e.js)) {
    const body = await bodies.get(entry.url);
    if (body) gzipped.set(entry.url, gzipSync(body).length);
  }
  const gzipOf = (list: typeof all) =>
    list.reduce((sum, entry) => sum + (entry.js ? (gzipped.get(entry.url) ?? 0) : 0), 0);
  await cdp.detach();
  await page.close();
  return {
    listing: all.map((entry) => ({
      path: new URL(entry.url).pathname,
      wireBytes: entry.bytes,
      jsGzipBytes: gzipped.get(entry.url),
      afterUsable: !untilUsable.has(entry),
    })),
    requests: entries.length,
    fromNetwork: entries.filter((entry) => !entry.cached).length,
    wireBytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
    jsWireBytes: js.reduce((sum, entry) => sum + entry.bytes, 0),
    jsGzipBytes: gzipOf(entries),
    idleRequests: all.length,
    idleJsGzipBytes: gzipOf(all),
    fcp,
    usable: usableAt,
  };
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[numbers.length >> 1];

/** Cold: a fresh browser profile. Warm: the same page again in that profile. */
async function measure(browser: Browser, baseUrl: string, target: Target) {
  const cold: Visit[] = [];
  const warm: Visit[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US' });
    if (target.cookies)
      await context.addCookies(target.cookies.map((cookie) => ({ ...cookie, url: baseUrl })));
    cold.push(await visit(context, target));
    warm.push(await visit(context, target));
    await context.close();
  }
  const row = (label: string, visits: Visit[]) => {
    const last = visits[visits.length - 1];
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    return {
      page: `${target.name} (${label})`,
      requests: last.requests,
      'from network': last.fromNetwork,
      'wire KB': kb(last.wireBytes),
      'JS wire KB': kb(last.jsWireBytes),
      'JS gzip KB': kb(last.jsGzipBytes),
      'idle requests': last.idleRequests,
      'idle JS gzip KB': kb(last.idleJsGzipBytes),
      'FCP ms': Math.round(median(visits.map((v) => v.fcp))),
      'usable ms': Math.round(median(visits.map((v) => v.usable))),
    };
  };
  return { rows: [row('cold', cold), row('warm', warm)], listing: cold[cold.length - 1].listing };
}

/**
 * A baseline page (a folder of bench/web), built by Vite with the app's build plugins and served
 * by the app's static code, with the one API route the stack baseline asks for.
 */
async function startBaseline(folder: 'baseline' | 'baseline-stack') {
  const outDir = mkdtempSync(path.join(tmpdir(), `teamloop-bench-${folder}-`));
  await build({
    root: path.join(here, folder),
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true },
  });
  const server = Fastify();
  server.get('/api/me', async () => ({ name: 'Bench Person' }));
  await serveClient(server, outDir);
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** The app on a fresh database with one person, a workspace of theirs and a task in it. */
async function startApp() {
  await ensureClientBuilt();
  const { app, url, token, workspaceId, close } = await startBenchApp({
    serveClient: true,
    tasks: ['Lab report'],
  });
  return {
    url,
    token,
    workspaceId,
    kind: app.deps.database.kind,
    close,
  };
}

async function main() {
  const baseline = await startBaseline('baseline');
  const stackBaseline = await startBaseline('baseline-stack');
  const app = await startApp();
  const signedIn = [
    { name: 'access_token', value: app.token },
    { name: 'i18n_redirected', value: 'en' },
  ];
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results = [
    await measure(browser, baseline.url, {
      name: 'baseline card',
      url: '/',
      usable: { selector: 'input[type="password"]' },
    }),
    await measure(browser, stackBaseline.url, {
      name: 'baseline stack page',
      url: '/',
      usable: { selector: '[role="tablist"]' },
    }),
    await measure(browser, app.url, {
      name: '/signin',
      url: '/signin',
      usable: { selector: 'input[type="password"]:not([disabled])' },
    }),
    await measure(browser, app.url, {
      name: '/profile',
      url: '/profile',
      usable: { selector: 'main [role="tablist"]' },
      cookies: signedIn,
    }),
    await measure(browser, app.url, {
      name: 'workspace tasks',
      url: `/workspaces/${app.workspaceId}/tasks`,
      usable: { selector: 'main a', text: 'Lab report' },
      cookies: signedIn,
    }),
  ];
  await browser.close();
  if (values.list) {
    for (const { rows, listing } of results) {
      console.log(`\n${rows[0].page}, every request until idle:`);
      console.table(
        listing.map(({ path, wireBytes, jsGzipBytes, afterUsable }) => ({
          path,
          when: afterUsable ? 'after usable' : '',
          'wire KB': (wireBytes / 1024).toFixed(1),
          'JS gzip KB': jsGzipBytes === undefined ? '' : (jsGzipBytes / 1024).toFixed(1),
        })),
      );
    }
  }
  console.log(
    `\nbench:web — Chromium ${browser.version()}, ${runs} runs per page (times: median), database ${app.kind}, node ${process.version}\n`,
  );
  console.table(results.flatMap(({ rows }) => rows));
  await app.close();
  await baseline.close();
  await stackBaseline.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
