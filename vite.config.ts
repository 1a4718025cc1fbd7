import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { fluentIconAtoms } from './scripts/fluent-icon-atoms';
import { hasOwnCode, loadGroups } from './scripts/load-groups';
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
 * The app's entry. It stays in index.html's own chunk: in `shell`, another page that loads
 * `shell` (the Teams tab pages) would run the whole app.
 */
const ENTRY = root('./src/main.tsx');

/**
 * Chunks by when their code is needed, so that each load is a few long-cached files instead of
 * the dozens of small shared chunks Rollup would cut it into (each one a request):
 * - the first load, what src/main.tsx runs before any page shows: `react`, `router`, `data`
 *   (HTTP, queries, i18n), `fluent` (the Fluent UI components and icons the shell shows) and
 *   `shell` (the app's own code);
 * - `signin`: the packages the sign-in page adds (Fluent's input, field, divider ...), walked
 *   before the frame: a Fluent hook it shares with the frame would make it load the whole frame;
 *   what it shares with the frame or `live` goes with the first load instead;
 * - `frame`: what the signed-in frame (menu, workspaces, chat count, bell) adds;
 * - `live`: the socket, its event contract and the live-updates table (areas' query keys only,
 *   from their `keys.ts`), loaded once signed in;
 * - every other Fluent package in its own chunk (`fluent-menu`, `fluent-dialog`, `icons` ...),
 *   loaded with the screens that use them; other packages and the screens' own code where
 *   Rollup puts them.
 * Membership is worked out name by name through barrels (scripts/load-groups.ts), and every
 * package module is named here: a module left to Rollup would be pulled into the first manual
 * chunk that reaches it through a barrel, such as every Fluent component into `fluent`.
 */
const loads = loadGroups(
  [
    // With the entry, the light pieces that both the frame and pages show (the menu-on-first-use
    // button, the avatar): in the frame's chunk, a page with them would fetch the whole frame.
    [
      'first',
      [
        ENTRY,
        root('./src/components/MenuOnFirstUse.tsx'),
        root('./src/components/PersonAvatar.tsx'),
      ],
    ],
    // The text field with Fluent's input and field: sign-in and every form, never the shell.
    ['forms', [root('./src/components/TextField.tsx')]],
    ['signin', [root('./src/features/auth/pages/SignInRoutePage.tsx')]],
    // What the signed-in frame adds once the page has loaded (menu, bell, chat count, tours).
    ['frame', [root('./src/app/layouts/frame-parts.tsx')]],
    // The tab bar of the profile, settings and workspace pages, with its overflow measuring.
    ['tabs', [root('./src/components/OverflowTabList.tsx')]],
    [
      'live',
      [root('./src/app/live-updates.ts'), root('./contracts/realtime.ts'), 'socket.io-client'],
    ],
  ],
  { alone: ['signin'] },
);

const REACT_MODULES = /\/node_modules\/(react|react-dom|scheduler)\//;

const VENDOR_GROUPS: [string, RegExp][] = [
  ['react', REACT_MODULES],
  ['router', /\/node_modules\/(react-router|cookie|set-cookie-parser)\//],
  [
    'data',
    /\/node_modules\/(@tanstack|axios|dayjs|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)\//,
  ],
];

/** The themes other than the default (web-light): their own chunk, loaded when one is asked for. */
const OTHER_THEMES =
  /\/node_modules\/@fluentui\/tokens\/lib\/(alias\/(dark|highContrast|teamsDark)|themes\/teams\/|themes\/web\/darkTheme|utils\/create(Dark|HighContrast|TeamsDark)Theme)/;

/**
 * The shell's words (every page) and the signed-in frame's (menu, bell, chat count, support),
 * one chunk per language each: they are always fetched together.
 */
const LOCALE_GROUPS: [string, RegExp][] = [
  ['shell', /\/locales\/([a-z-]+)\/(app|common|components)\.json$/],
  ['frame', /\/locales\/([a-z-]+)\/(messaging|notifications|workspaces|support)\.json$/],
];

const LOCALE_FILE = /\/locales\/([a-z-]+)\/([a-z-]+)\.json$/;

/** The package a module of node_modules belongs to (`@scope/name` or `name`). */
function packageOf(id: string): string | undefined {
  const path = id.split('/node_modules/').at(-1);
  if (path === undefined || path === id) return undefined;
  const [first, second] = path.split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * Fluent's focus management, portals, motion and shared contexts, with the libraries under them:
 * what every popup, toast, tab list and menu needs, signed in or not.
 */
const FLUENT_SHARED_PACKAGES = new Set([
  'tabster',
  'keyborg',
  '@fluentui/react-tabster',
  '@fluentui/react-portal',
  '@fluentui/react-shared-contexts',
  '@fluentui/react-motion',
  '@fluentui/react-motion-components-preview',
  '@fluentui/react-context-selector',
]);

/**
 * The toaster and the message bar, in one chunk: every page mounts the toaster and words a
 * failed call in a message bar, once it has loaded (lib/loading's `afterLoading`).
 */
const FLUENT_NOTICE_PACKAGES = new Set(['@fluentui/react-toast', '@fluentui/react-message-bar']);

/** How many modules show an icon family before it joins the shared `icons` chunk. */
const SHARED_ICON_IMPORTERS = 6;

type ModuleInfoOf = (id: string) => { ast: unknown; importers: readonly string[] } | null;

function chunkOf(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoOf }) {
  if (OTHER_THEMES.test(id)) return 'themes';
  for (const [name, pattern] of LOCALE_GROUPS) {
    const language = pattern.exec(id)?.[1];
    if (language) return `locale-${language}-${name}`;
  }
  // Any other namespace in a chunk of its own: left to Rollup, a small one is merged into a
  // chunk of code that pages without it load too (the Teams words into sign-in's).
  const namespace = LOCALE_FILE.exec(id);
  if (namespace) return `locale-${namespace[1]}-${namespace[2]}`;
  if (id === ENTRY) return undefined;
  // React's own modules (and the CommonJS interop around react-dom a portal imports) go with
  // React wherever they are first reached.
  if (REACT_MODULES.test(id)) return 'react';
  const group = loads.groupOf(id);
  const pkg = packageOf(id);
  // Fluent's utilities (hooks nearly every component uses) go with the first load: in
  // `fluent-shared`, the sign-in page's input would fetch focus management for one hook.
  if (pkg === '@fluentui/react-utilities') return 'fluent';
  if (group === 'first') {
    // Rollup's and Vite's helpers (CommonJS interop, preload): with React, which needs them first.
    if (id.startsWith('\0') && !pkg) return 'react';
    const vendor = VENDOR_GROUPS.find(([, pattern]) => pattern.test(id))?.[0];
    return vendor ?? (pkg ? 'fluent' : 'shell');
  }
  // One chunk of their own rather than a part of the frame, which a toast on the sign-in page
  // would then fetch whole.
  if (pkg && FLUENT_SHARED_PACKAGES.has(pkg)) return 'fluent-shared';
  if (pkg && FLUENT_NOTICE_PACKAGES.has(pkg)) return 'fluent-notices';
  // Icons that a later load group shows go to the shared icons chunk: in the group's chunk, a
  // Fluent component showing the same icon (the avatar's person, the tab bar's chevron) would
  // make every page with it fetch the group (the frame, the forms).
  if (group && pkg === '@fluentui/react-icons') return 'icons';
  // The packages the sign-in page adds in one chunk, its own code in another: left to Rollup, a
  // module it shares with other screens (the form alert) is merged with their icons and code.
  // The library's, the shell's and the shared components it reaches (the plan gate the HTTP
  // client uses too, Busy, FormAlert) go with the first load: in `signin-page` they would make
  // every signed-in page that shows a spinner or a form fetch sign-in's own code.
  if (group === 'signin') {
    if (pkg) return 'signin';
    return /\/src\/(lib|app|components)\//.test(id) ? 'shell' : 'signin-page';
  }
  if (group) return group;
  // <Trans> (two lazily loaded screens use it): left to Rollup it joins `shell`, a small chunk
  // merged into one that every page loads.
  if (pkg === 'react-i18next' || pkg === 'html-parse-stringify') return 'i18n-trans';
  // A barrel has no code to place (a chunk of its own would be empty).
  if (!pkg?.startsWith('@fluentui/') || !hasOwnCode(getModuleInfo(id)?.ast)) return undefined;
  if (pkg === '@fluentui/react-icons') {
    // An icon family file (scripts/fluent-icon-atoms.ts) goes with the screens that show it,
    // unless many modules show it (dismiss, add ...): left to Rollup, such a family lands in
    // whichever screen's chunk it merges with, and a page wanting one icon fetches that screen.
    if (!id.includes('/lib/atoms/')) return 'icons';
    return (getModuleInfo(id)?.importers.length ?? 0) >= SHARED_ICON_IMPORTERS
      ? 'icons'
      : undefined;
  }
  return `fluent-${pkg.slice('@fluentui/'.length).replace(/^react-/, '')}`;
}

export default defineConfig(({ command }) => ({
  plugins: [react(), fluentIconAtoms(), precompress(), loads.plugin],
  resolve: {
    // Same aliases as tsconfig.json and vitest.config.ts.
    alias: [
      // react-router's exports name only its development build (remix-run/react-router#14102);
      // a build takes the production one, the same code without the dev warnings.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: root('./node_modules/react-router/dist/production/index.mjs'),
            },
          ]
        : []),
      { find: '@contracts', replacement: root('./contracts') },
      { find: '@server', replacement: root('./server') },
      { find: '@tabs', replacement: root('./tabs') },
      { find: '@', replacement: root('./src') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      input: pages(),
      // The contracts declare schemas and constants and do nothing on import: a screen that
      // takes only a query key from an area's index must not bring that area's zod schemas.
      treeshake: { moduleSideEffects: (id) => !id.startsWith(root('./contracts/')) },
      output: {
        manualChunks: chunkOf,
        experimentalMinChunkSize: 3_000,
      },
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
}));
