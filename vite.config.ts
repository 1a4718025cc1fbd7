import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
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
