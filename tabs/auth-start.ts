import { app, authentication } from '@microsoft/teams-js';
import { CONSENT_STATE_KEY } from './consent';

/**
 * First page of the consent pop-up (`authentication.authenticate`): from the host's context
 * on to the bot-proxy, which sends the pop-up to Entra ID's consent page.
 */
async function start() {
  await app.initialize();
  const context = await app.getContext();
  const tenant = context.user?.tenant?.id;
  if (!tenant) {
    authentication.notifyFailure('The host did not say which organisation you belong to');
    return;
  }
  const state = crypto.randomUUID();
  localStorage.setItem(CONSENT_STATE_KEY, state);
  const query = new URLSearchParams({ tenant, state });
  if (context.user?.loginHint) query.set('login_hint', context.user.loginHint);
  window.location.assign(`/auth/teams/consent?${query}`);
}

void start();
