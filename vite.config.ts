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
 * Libraries every page runs, grouped into a few long-cached chunks instead of the dozens of
 * small shared chunks Rollup would cut them into (each one a request on the first load).
 * Only what the shell itself uses belongs here: a package only some screens use (charts,
 * teams-js, the data grid) stays with those screens.
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
    /\/node_modules\/(@griffel|stylis|rtl-css-js|tabster|keyborg|@floating-ui|@swc\/helpers|@fluentui\/(react-utilities|react-shared-contexts|react-jsx-runtime|react-theme|tokens|react-provider|react-tabster|react-aria|keyboard-keys|react-context-selector|react-portal|react-motion|react-motion-components-preview|react-positioning|react-text|react-button|react-spinner|react-label|react-field|react-input|react-link|react-message-bar|react-menu|react-progress|react-popover|react-tooltip))\//,
  ],
];

/** The app's own helpers every page runs (HTTP, session, i18n, storage), as one chunk too. */
const SHELL = /\/(src\/lib|contracts\/constants)[./]/;

function vendorChunk(id: string): string | undefined {
  if (SHELL.test(id)) return 'shell';
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
      output: { manualChunks: vendorChunk },
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
