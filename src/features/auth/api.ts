import type { z } from 'zod';
import type {
  callbackToLoginBody,
  loginBody,
  oidcProvider,
  resetPasswordBody,
  secondFactorBody,
  SignInResult,
  signUpBody,
  signUpResult,
} from '@contracts/auth';
import type { InvitationPreview } from '@contracts/workspaces';
import { api, callEnvelope } from '@/lib/http';

/*
 * Calls of spec 7.11 (core/join). Forms show their own errors and messages in place, so these
 * calls send hide-message and hand the messages back to the screen.
 */

export type SignInWithCodes = SignInResult & { recovery_codes?: string[] };
export type OidcProvider = z.infer<typeof oidcProvider>;

const post = <T>(url: string, body?: unknown) =>
  callEnvelope<T>('post', url, body, { hideMessages: true });
const get = <T>(url: string) => callEnvelope<T>('get', url, undefined, { hideMessages: true });
const segment = encodeURIComponent;

export const authApi = {
  /** The workspace and address an invitation is for (an open route), to fill in sign-up. */
  invitation: async (token: string) =>
    (await get<InvitationPreview>(`core/join/invitations/${encodeURIComponent(token)}`)).resource,
  login: (body: z.input<typeof loginBody>) => post<SignInResult>('core/join/login', body),
  loginWithSecondFactor: (body: z.input<typeof secondFactorBody>) =>
    post<SignInResult>('core/join/login-2fa', body),
  loginWithEnable: (body: z.input<typeof secondFactorBody>) =>
    post<SignInWithCodes>('core/join/login-with-enable', body),
  signUp: (body: z.input<typeof signUpBody>) =>
    post<z.infer<typeof signUpResult>>('core/join/sign-up', body),
  verifyEmail: (token: string) => get<SignInResult>(`core/join/verify-email/${segment(token)}`),
  resendVerification: (email: string) =>
    post<Record<string, never>>('core/join/resend-verification', { email }),
  forgetPassword: (email: string) =>
    post<Record<string, never>>('core/join/forget-password', { email }),
  verifyResetPassword: (token: string) =>
    get<{ email: string }>(`core/join/verify-reset-password/${segment(token)}`),
  resetPassword: (body: z.input<typeof resetPasswordBody>) =>
    post<Record<string, never>>('core/join/reset-password', body),
  verifyToken: (token: string) => get<SignInResult>(`core/join/verify-token/${segment(token)}`),
  oauthProviders: async () =>
    (await api.get<{ providers: OidcProvider[] }>('core/join/oauth/providers')).providers,
  oauthRedirect: (provider: string) =>
    get<{ url: string }>(`core/join/oauth/${segment(provider)}/redirect`),
  callbackToLogin: (body: z.input<typeof callbackToLoginBody>) =>
    post<SignInResult>('core/join/callback-to-login', body),
};
