import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Everything the client bundle is made from. */
const SOURCES = [
  'src',
  'tabs',
  'locales',
  'contracts',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

function isStale(): boolean {
  const built = path.join(root, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((entry) => newestChange(path.join(root, entry))));
  return builtAt <= changedAt;
}

/* Two test runs on one machine must not build at once: Vite empties dist/ before writing it. */
const LOCK = path.join(tmpdir(), 'teamloop-client-build.lock');
const STALE_LOCK_MS = 10 * 60_000;

async function withBuildLock(work: () => void): Promise<void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) {
        rmSync(LOCK, { recursive: true, force: true });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Builds dist/ with Vite when it is missing or older than its sources, so browser tests always
 * run the current client. Playwright starts its webServer before globalSetup, which is why the
 * e2e server calls this rather than a setup hook.
 */
export async function ensureClientBuilt(): Promise<void> {
  if (!isStale()) return;
  await withBuildLock(() => {
    // Another run may have built it while this one waited.
    if (!isStale()) return;
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) throw new Error('vite build failed; see the output above');
  });
}
