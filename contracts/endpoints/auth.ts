import type { z } from 'zod';
import { endpoint } from '../endpoint';
import type {
  callbackToLoginBody,
  emailBody,
  loginBody,
  oidcProvider,
  oidcRedirect,
  resetPasswordBody,
  secondFactorBody,
  signInResult,
  signUpBody,
  signUpResult,
} from '../auth';
import type { emptyResource } from '../common';

/** Spec 7.11 (core/join): the routes a visitor signs up and in through. */
export const authEndpoints = {
  login: endpoint('POST', 'core/join/login').of<{
    body: typeof loginBody;
    response: typeof signInResult;
  }>(),
  loginWithSecondFactor: endpoint('POST', 'core/join/login-2fa').of<{
    body: typeof secondFactorBody;
    response: typeof signInResult;
  }>(),
  /** Answered as the server declares it inline (auth routes): the sign-in and recovery codes. */
  loginWithEnable: endpoint('POST', 'core/join/login-with-enable').of<{
    body: typeof secondFactorBody;
    response: z.ZodObject<
      (typeof signInResult)['shape'] & { recovery_codes: z.ZodArray<z.ZodString> }
    >;
  }>(),
  signUp: endpoint('POST', 'core/join/sign-up').of<{
    body: typeof signUpBody;
    response: typeof signUpResult;
  }>(),
  verifyEmail: endpoint('GET', 'core/join/verify-email/:x').of<{ response: typeof signInResult }>(),
  resendVerification: endpoint('POST', 'core/join/resend-verification').of<{
    body: typeof emailBody;
    response: typeof emptyResource;
  }>(),
  forgetPassword: endpoint('POST', 'core/join/forget-password').of<{
    body: typeof emailBody;
    response: typeof emptyResource;
  }>(),
  verifyResetPassword: endpoint('GET', 'core/join/verify-reset-password/:token').of<{
    response: z.ZodObject<{ email: z.ZodString }>;
  }>(),
  resetPassword: endpoint('POST', 'core/join/reset-password').of<{
    body: typeof resetPasswordBody;
    response: typeof emptyResource;
  }>(),
  verifyToken: endpoint('GET', 'core/join/verify-token/:token').of<{
    response: typeof signInResult;
  }>(),
  logout: endpoint('POST', 'core/join/logout').of<{ response: typeof emptyResource }>(),
  oauthProviders: endpoint('GET', 'core/join/oauth/providers').of<{
    response: z.ZodObject<{ providers: z.ZodArray<typeof oidcProvider> }>;
  }>(),
  oauthRedirect: endpoint('GET', 'core/join/oauth/:provider/redirect').of<{
    response: typeof oidcRedirect;
  }>(),
  callbackToLogin: endpoint('POST', 'core/join/callback-to-login').of<{
    body: typeof callbackToLoginBody;
    response: typeof signInResult;
  }>(),
};
