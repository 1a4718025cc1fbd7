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

/**
 * The theme seam. The standalone app uses `web-light`; the Teams host bridge (tabs/) calls
 * `setThemeName('teams-dark')` etc. when the host reports or changes its theme.
 */
export const THEMES = {
  'web-light': webLightTheme,
  'web-dark': webDarkTheme,
  'teams-light': teamsLightTheme,
  'teams-dark': teamsDarkTheme,
  'teams-contrast': teamsHighContrastTheme,
} satisfies Record<string, Theme>;
export type ThemeName = keyof typeof THEMES;

let themeName: ThemeName = 'web-light';
const listeners = new Set<() => void>();

export function setThemeName(name: ThemeName): void {
  if (name === themeName) return;
  themeName = name;
  listeners.forEach((listener) => listener());
}

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
    // Long words (e-mail addresses, links) wrap instead of widening the page on phones.
    overflowWrap: 'anywhere',
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
