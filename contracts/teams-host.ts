import { z } from 'zod';

/** `POST /auth/teams/exchange`: the token `authentication.getAuthToken` gave the tab. */
export const teamsExchangeBody = z.object({ token: z.string().trim().min(1).max(16_384) });
export type TeamsExchangeBody = z.infer<typeof teamsExchangeBody>;

/** `GET /auth/teams/consent`: what the consent pop-up's start page knows from the host. */
export const teamsConsentQuery = z.object({
  tenant: z.string().uuid(),
  state: z.string().min(16).max(200),
  login_hint: z.string().max(254).optional(),
});

export { CONSENT_REQUIRED } from './constants';
