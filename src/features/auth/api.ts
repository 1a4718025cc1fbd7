import type { z } from 'zod';
import type {
  callbackToLoginBody,
  loginBody,
  oidcProvider,
  resetPasswordBody,
  secondFactorBody,
  SignInResult,
  signUpBody,
} from '@contracts/auth';
import { authEndpoints as endpoints } from '@contracts/endpoints/auth';
import { workspaceEndpoints } from '@contracts/endpoints/workspaces';
import { api } from '@/lib/http';

/*
 * Calls of spec 7.11 (core/join). Forms show their own errors and messages in place, so these
 * calls send hide-message and hand the messages back to the screen.
 */

export type SignInWithCodes = SignInResult & { recovery_codes?: string[] };
export type OidcProvider = z.infer<typeof oidcProvider>;

const quiet = { hideMessages: true };

/** Query keys of the sign-in area, one helper so they stay in step. */
export const authKeys = {
  providers: ['core', 'join', 'oauth', 'providers'] as const,
  invitation: (token: string | undefined) => ['auth', 'invitation', token] as const,
  verifyEmail: (token: string) => ['core', 'join', 'verify-email', token] as const,
  verifyResetPassword: (token: string) => ['core', 'join', 'verify-reset-password', token] as const,
  verifyToken: (token: string) => ['core', 'join', 'verify-token', token] as const,
  callbackToLogin: (code: string, state: string) =>
    ['core', 'join', 'callback-to-login', code, state] as const,
};

export const authApi = {
  /** The workspace and address an invitation is for (an open route), to fill in sign-up. */
  invitation: async (token: string) =>
    (await api.envelope(workspaceEndpoints.previewInvitation, { params: { token } }, quiet))
      .resource,
  login: (body: z.input<typeof loginBody>) => api.envelope(endpoints.login, { body }, quiet),
  loginWithSecondFactor: (body: z.input<typeof secondFactorBody>) =>
    api.envelope(endpoints.loginWithSecondFactor, { body }, quiet),
  loginWithEnable: (body: z.input<typeof secondFactorBody>) =>
    api.envelope(endpoints.loginWithEnable, { body }, quiet),
  signUp: (body: z.input<typeof signUpBody>) => api.envelope(endpoints.signUp, { body }, quiet),
  verifyEmail: (token: string) =>
    api.envelope(endpoints.verifyEmail, { params: { x: token } }, quiet),
  resendVerification: (email: string) =>
    api.envelope(endpoints.resendVerification, { body: { email } }, quiet),
  forgetPassword: (email: string) =>
    api.envelope(endpoints.forgetPassword, { body: { email } }, quiet),
  verifyResetPassword: (token: string) =>
    api.envelope(endpoints.verifyResetPassword, { params: { token } }, quiet),
  resetPassword: (body: z.input<typeof resetPasswordBody>) =>
    api.envelope(endpoints.resetPassword, { body }, quiet),
  verifyToken: (token: string) => api.envelope(endpoints.verifyToken, { params: { token } }, quiet),
  oauthProviders: async () => (await api.call(endpoints.oauthProviders)).providers,
  oauthRedirect: (provider: string) =>
    api.envelope(endpoints.oauthRedirect, { params: { provider } }, quiet),
  callbackToLogin: (body: z.input<typeof callbackToLoginBody>) =>
    api.envelope(endpoints.callbackToLogin, { body }, quiet),
};
