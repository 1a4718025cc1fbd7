/** Where the consent pop-up keeps its state between its first and last page. */
export const CONSENT_STATE_KEY = 'teamloop.teams_consent_state';
