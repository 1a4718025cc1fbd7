import {
  teamsDarkTheme,
  teamsHighContrastTheme,
  teamsLightTheme,
  webDarkTheme,
} from '@fluentui/react-components';

/** The themes other than the default (web-light), loaded only when asked for (ThemeProvider). */
export const OTHER_THEMES = {
  'web-dark': webDarkTheme,
  'teams-light': teamsLightTheme,
  'teams-dark': teamsDarkTheme,
  'teams-contrast': teamsHighContrastTheme,
};
