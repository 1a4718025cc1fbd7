import {
  FluentProvider,
  makeStaticStyles,
  makeStyles,
  tokens,
  webLightTheme,
  type Theme,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { loadChunk } from '@/lib/chunk-reload';
import { localStore } from '@/lib/storage';
import { createValueStore, useStoredValue } from '@/lib/value-store';
import type { OTHER_THEMES } from './themes';

/**
 * The theme seam. The standalone app follows the system's colour scheme (`web-light` or
 * `web-dark`); the Teams host bridge (tabs/) calls `setThemeName('teams-dark')` etc. when the
 * host reports or changes its theme.
 */
export type ThemeName = 'web-light' | keyof typeof OTHER_THEMES;
const THEME_NAMES: ThemeName[] = [
  'web-light',
  'web-dark',
  'teams-light',
  'teams-dark',
  'teams-contrast',
];

/**
 * The default theme ships with the shell; the others (src/app/themes.ts) load the first time one
 * is asked for, and the switch happens once it is here.
 */
const loaded: Partial<Record<ThemeName, Theme>> = { 'web-light': webLightTheme };
let otherThemes: Promise<void> | undefined;

function loadTheme(name: ThemeName): Promise<void> {
  if (loaded[name]) return Promise.resolve();
  otherThemes ??= loadChunk(() => import('./themes')).then(
    (module) => void Object.assign(loaded, module.OTHER_THEMES),
    (error: unknown) => {
      otherThemes = undefined;
      throw error;
    },
  );
  return otherThemes;
}

/**
 * A theme named in local storage under this key wins over the system's scheme: how a test or a
 * designer previews the Teams themes in a plain browser (docs/decisions/themes.md).
 */
export const THEME_PREVIEW_KEY = 'teamloop.theme';
const isThemeName = (name: unknown): name is ThemeName =>
  typeof name === 'string' && (THEME_NAMES as string[]).includes(name);

function standaloneTheme(): ThemeName {
  const preview = localStore.get(THEME_PREVIEW_KEY);
  if (isThemeName(preview)) return preview;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'web-dark' : 'web-light';
}

const themeName = createValueStore<ThemeName>('web-light');
/** The theme last asked for: of two switches in flight, the later one wins. */
let wanted: ThemeName = themeName.get();
/** Once a host names the theme, the system's scheme no longer decides it. */
let hostDecides = false;

function changeTheme(name: ThemeName): Promise<void> {
  wanted = name;
  return loadTheme(name).then(
    () => {
      if (wanted === name) themeName.set(name);
    },
    // Without the theme's code the current one stays; nothing else breaks.
    () => undefined,
  );
}

void changeTheme(standaloneTheme());

/** Settles once the theme asked for (the system's, or the host's) is here: first paint in its colours. */
export function themeReady(): Promise<void> {
  return loadTheme(wanted).then(
    () => undefined,
    () => undefined,
  );
}

export function setThemeName(name: ThemeName): void {
  hostDecides = true;
  void changeTheme(name);
}

window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
  if (!hostDecides) void changeTheme(standaloneTheme());
});

export function useThemeName(): ThemeName {
  return useStoredValue(themeName);
}

const useGlobalStyles = makeStaticStyles([
  {
    body: { margin: 0 },
    '*, *::before, *::after': { boxSizing: 'border-box' },
  },
  // Spec 2.14: the page transition 'page', out then in (the frame around <main> stays still).
  `main#main { view-transition-name: page; }
  ::view-transition-old(root), ::view-transition-new(root) { animation: none; }
  ::view-transition-old(page) { animation: 120ms ease-in both teamloop-page-out; }
  ::view-transition-new(page) { animation: 160ms ease-out 120ms both teamloop-page-in; }
  @keyframes teamloop-page-out { to { opacity: 0; } }
  @keyframes teamloop-page-in { from { opacity: 0; transform: translateY(4px); } }`,
]);

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
});

export function ThemeProvider({ theme, children }: { theme?: ThemeName; children: ReactNode }) {
  useGlobalStyles();
  const styles = useStyles();
  const current = useThemeName();
  return (
    // The page styles sit on an inner element: Fluent copies the provider's className onto every
    // portal (menus, dialogs, tooltips), which would lay a full-height opaque page over the app.
    <FluentProvider theme={loaded[theme ?? current] ?? webLightTheme}>
      <div className={styles.root}>{children}</div>
    </FluentProvider>
  );
}
