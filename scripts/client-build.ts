import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Everything the client bundle is made from, the build's own code and dependencies included. */
const SOURCES = [
  'src',
  'tabs',
  'public',
  'locales',
  'contracts',
  'index.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
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

/** dist/ is missing or older than a source (a changed or a removed file changes its folder). */
export function isClientStale(): boolean {
  const built = path.join(root, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((entry) => newestChange(path.join(root, entry))));
  return builtAt <= changedAt;
}

/* Two runs on one machine must not build at once: Vite empties dist/ before writing it. */
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
 * Builds dist/ with Vite when it is missing or older than its sources, so `npm start`, the
 * browser tests and bench:web serve the current client without paying for a build each time.
 */
export async function ensureClientBuilt(): Promise<void> {
  if (!isClientStale()) return;
  await withBuildLock(() => {
    // Another run may have built it while this one waited.
    if (!isClientStale()) return;
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) throw new Error('vite build failed; see the output above');
  });
}
