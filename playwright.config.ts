import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One data folder and port per run. Workers inherit the runner's environment, so they agree.
process.env.E2E_PORT ??= '3100';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'teamloop-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/**
 * CI has the machine to itself: two browsers at once (spec files spread over two workers, each
 * file in one), and no trace recording, which cost about a fifth of each test's time (a failure
 * still leaves its screenshot and error context). On a shared development machine, one browser
 * and a trace of each failure. E2E_WORKERS and E2E_TRACE override either.
 */
const inCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  workers: Number(process.env.E2E_WORKERS ?? (inCi ? 2 : 1)),
  fullyParallel: false,
  forbidOnly: inCi,
  // CI runs two browsers on two cores: a test that fails once and then passes is reported as
  // flaky (named in CI's output) instead of sinking the run; locally a failure stays a failure.
  retries: inCi ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.ci-results/playwright.json' }]],
  use: {
    baseURL,
    locale: 'en-US',
    trace:
      (process.env.E2E_TRACE as 'off' | 'retain-on-failure' | undefined) ??
      (inCi ? 'off' : 'retain-on-failure'),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // Builds the client first when dist/ is older than its sources (see scripts/client-build.ts).
    command: 'npx tsx tests/e2e/support/server.ts',
    url: `${baseURL}/api/v2/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
