import { app, authentication } from '@microsoft/teams-js';
import { CONSENT_STATE_KEY } from './consent';

/** Where Entra ID sends the consent pop-up back: tells the tab how it went. */
async function end() {
  await app.initialize();
  const answer = new URLSearchParams(window.location.search);
  const expected = localStorage.getItem(CONSENT_STATE_KEY);
  localStorage.removeItem(CONSENT_STATE_KEY);
  const error = answer.get('error');
  if (error) authentication.notifyFailure(answer.get('error_description') ?? error);
  else if (!expected || answer.get('state') !== expected) {
    authentication.notifyFailure('The consent answer does not belong to this sign-in');
  } else authentication.notifySuccess();
}

void end();
