const KEY = 'teamloop.in-teams';

/**
 * Whether the app runs inside Microsoft Teams: its tabs open with `?inTeams=1` (see
 * appPackage/manifest.json), remembered for the tab's session; Teams' desktop client also
 * names itself in the user agent.
 */
export function isInTeams(): boolean {
  if (typeof window === 'undefined') return false;
  try {
    if (new URLSearchParams(window.location.search).get('inTeams') === '1') {
      window.sessionStorage.setItem(KEY, '1');
    }
    if (window.sessionStorage.getItem(KEY) === '1') return true;
  } catch {
    // Storage refused (third-party frame): fall back to the user agent.
  }
  return /\bTeams\//.test(window.navigator.userAgent);
}

export const useIsInTeams = () => isInTeams();
