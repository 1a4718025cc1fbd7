import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

const root = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * A multi-page build. `index.html` is the SPA; every `tabs/<name>.html` is built as its own
 * page and served at `/tabs/<name>.html` (the Teams tab config, remove and auth pages).
 * To add a page, drop the HTML file in tabs/ with a module script pointing at its entry
 * (`<script type="module" src="./config.tsx"></script>`): no edit here is needed.
 */
function pages(): Record<string, string> {
  const inputs: Record<string, string> = { main: root('./index.html') };
  const tabsDir = root('./tabs');
  if (existsSync(tabsDir)) {
    for (const file of readdirSync(tabsDir)) {
      if (file.endsWith('.html'))
        inputs[`tabs/${file.slice(0, -'.html'.length)}`] = `${tabsDir}/${file}`;
    }
  }
  return inputs;
}

/**
 * What every page runs is grouped in a few long-cached chunks instead of the dozens of small
 * shared chunks Rollup would cut it into (each one a request on the first load):
 * - `react`, `router`, `data` (HTTP, queries, i18n) and `fluent`: Fluent's core (styling,
 *   focus management, themes, provider) and the few components the shell itself shows (button,
 *   link, text, spinner, progress bar, message bar). Other Fluent components (menus, dialogs,
 *   positioning, tooltips, cards, tables...) and the icons stay where Rollup puts them, with the
 *   screens that use them.
 * - `shell`: the app's own helpers (src/lib).
 * Packages only some screens use (zod, charts, the data grid, teams-js) stay with those screens.
 */
const VENDOR_GROUPS: [string, RegExp][] = [
  ['react', /\/node_modules\/(react|react-dom|scheduler)\//],
  ['router', /\/node_modules\/react-router\//],
  [
    'data',
    /\/node_modules\/(@tanstack|axios|dayjs|i18next|react-i18next|html-parse-stringify|void-elements)\//,
  ],
  [
    'fluent',
    /\/node_modules\/(@griffel|stylis|rtl-css-js|tabster|keyborg|@swc\/helpers|@fluentui\/(react-utilities|react-shared-contexts|react-jsx-runtime|react-theme|tokens|react-provider|react-tabster|react-aria|keyboard-keys|react-context-selector|react-text|react-button|react-spinner|react-link|react-message-bar|react-progress|react-motion|react-motion-components-preview))\//,
  ],
];

/** The app's own helpers every page runs (HTTP, session, i18n, storage), as one chunk too. */
const SHELL = /\/(src\/lib|contracts\/constants)[./]/;

/** The themes other than the default (web-light): their own chunk, loaded when one is asked for. */
const OTHER_THEMES =
  /\/node_modules\/@fluentui\/tokens\/lib\/(alias\/(dark|highContrast|teamsDark)|themes\/teams\/|themes\/web\/darkTheme|utils\/create(Dark|HighContrast|TeamsDark)Theme)/;

function vendorChunk(id: string): string | undefined {
  if (SHELL.test(id)) return 'shell';
  if (OTHER_THEMES.test(id)) return 'themes';
  return VENDOR_GROUPS.find(([, pattern]) => pattern.test(id))?.[0];
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // Same aliases as tsconfig.json and vitest.config.ts.
    alias: {
      '@contracts': root('./contracts'),
      '@server': root('./server'),
      '@tabs': root('./tabs'),
      '@': root('./src'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: pages(),
      output: { manualChunks: vendorChunk, experimentalMinChunkSize: 3_000 },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/_socket_': { target: 'http://127.0.0.1:3000', ws: true },
      // The Teams auth exchange and consent redirect (bot-proxy, docs/teams.md).
      '/auth/teams': 'http://127.0.0.1:3000',
    },
  },
});
