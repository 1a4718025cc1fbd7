import {
  FluentProvider,
  makeStaticStyles,
  makeStyles,
  teamsDarkTheme,
  teamsHighContrastTheme,
  teamsLightTheme,
  tokens,
  webDarkTheme,
  webLightTheme,
  type Theme,
} from '@fluentui/react-components';
import { useSyncExternalStore, type ReactNode } from 'react';
import { localStore } from '@/lib/storage';

/**
 * The theme seam. The standalone app follows the system's colour scheme (`web-light` or
 * `web-dark`); the Teams host bridge (tabs/) calls `setThemeName('teams-dark')` etc. when the
 * host reports or changes its theme.
 */
export const THEMES = {
  'web-light': webLightTheme,
  'web-dark': webDarkTheme,
  'teams-light': teamsLightTheme,
  'teams-dark': teamsDarkTheme,
  'teams-contrast': teamsHighContrastTheme,
} satisfies Record<string, Theme>;
export type ThemeName = keyof typeof THEMES;

/**
 * A theme named in local storage under this key wins over the system's scheme: how a test or a
 * designer previews the Teams themes in a plain browser (docs/decisions/themes.md).
 */
export const THEME_PREVIEW_KEY = 'teamloop.theme';
const isThemeName = (name: unknown): name is ThemeName =>
  typeof name === 'string' && Object.hasOwn(THEMES, name);

function standaloneTheme(): ThemeName {
  const preview = localStore.get(THEME_PREVIEW_KEY);
  if (isThemeName(preview)) return preview;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'web-dark' : 'web-light';
}

let themeName: ThemeName = standaloneTheme();
/** Once a host names the theme, the system's scheme no longer decides it. */
let hostDecides = false;
const listeners = new Set<() => void>();

function changeTheme(name: ThemeName): void {
  if (name === themeName) return;
  themeName = name;
  listeners.forEach((listener) => listener());
}

export function setThemeName(name: ThemeName): void {
  hostDecides = true;
  changeTheme(name);
}

window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
  if (!hostDecides) changeTheme(standaloneTheme());
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => themeName;

export function useThemeName(): ThemeName {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

const useGlobalStyles = makeStaticStyles({
  body: { margin: 0 },
  '*, *::before, *::after': { boxSizing: 'border-box' },
});

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
    <FluentProvider theme={THEMES[theme ?? current]}>
      <div className={styles.root}>{children}</div>
    </FluentProvider>
  );
}
