import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/**
 * Builds dist/ with Vite when it is missing or older than its sources, so browser tests always
 * run the current client. Playwright starts its webServer before globalSetup, which is why the
 * e2e server calls this rather than a setup hook.
 */
export function ensureClientBuilt(): void {
  const built = path.join(root, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((entry) => newestChange(path.join(root, entry))));
  if (builtAt > changedAt) return;
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('vite build failed; see the output above');
}
