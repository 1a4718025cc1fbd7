// Prints one line of totals from the vitest and Playwright JSON reports written by `npm test`.
import { existsSync, readFileSync } from 'node:fs';

const status = Number(process.argv[2] ?? 1);
let passed = 0;
let failed = 0;
let skipped = 0;

const vitestFile = '.ci-results/vitest.json';
if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const playwrightFile = '.ci-results/playwright.json';
if (existsSync(playwrightFile)) {
  const { stats } = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  if (stats?.flaky)
    console.log(`${stats.flaky} browser test(s) passed only on their retry (flaky)`);
  failed += stats?.unexpected ?? 0;
  skipped += stats?.skipped ?? 0;
}

// A failure before any test ran (type check, lint, format) still counts as a failure.
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
