import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  callbackToLoginBody,
  emailBody,
  loginBody,
  oidcProvider,
  oidcRedirect,
  otpRequestBody,
  otpVerifyBody,
  resetPasswordBody,
  secondFactorBody,
  signInResult,
  signUpBody,
  signUpResult,
  tokenParam,
  verifyEmailParam,
} from '@contracts/auth';
import { emptyResource, envelope } from '@contracts/common';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { keyedLimit } from '../../http/rate-limit';
import type { App } from '../../http/types';
import { registerAccountMails } from './mails';
import { OIDC_PROVIDER_ID } from './oidc';
import { finishOidcSignIn, startOidcSignIn } from './operations/oidc-sign-in';
import { requestOtp, verifyOtp } from './operations/otp';
import { requestPasswordReset } from './operations/request-password-reset';
import { resendVerification } from './operations/resend-verification';
import { checkResetLink, resetPassword } from './operations/reset-password';
import { signInEnablingTwoFactor } from './operations/sign-in-enabling-two-factor';
import { signInWithLink } from './operations/sign-in-with-link';
import { signInWithPassword } from './operations/sign-in-with-password';
import { signInWithSecondFactor } from './operations/sign-in-with-second-factor';
import { signOut } from './operations/sign-out';
import { signUp } from './operations/sign-up';
import { verifyEmail } from './operations/verify-email';
import { clientOf, signedIn } from './sign-in-http';

const tags = ['auth'];

/** Addresses as accounts are keyed: case and surrounding space do not make another account. */
const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;

export default async function authRoutes(app: App) {
  const { deps } = app;
  registerAccountMails(deps);
  const budget = {
    max: deps.config.AUTH_RATE_LIMIT_MAX,
    timeWindow: deps.config.AUTH_RATE_LIMIT_WINDOW_MS,
  };
  // Sign-in, sign-up, OTP and password reset: one budget per client address and route, and
  // one per account and route, so guesses spread over many addresses still run out.
  const rateLimit = { ...budget, keyGenerator: (request: FastifyRequest) => request.ip };
  const limitAccount = keyedLimit(app, 'auth-account', budget);

  const limitBy = (request: FastifyRequest) => (key: string) => limitAccount(request, key);

  app.post(
    '/join/sign-up',
    {
      schema: { tags, body: signUpBody, response: { 201: envelope(signUpResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      await limitAccount(request, accountKey(request.body.email));
      const { result, message } = await signUp(deps, { body: request.body, lang: request.lang });
      return reply.status(201).send(ok(result, message));
    },
  );

  app.get(
    '/join/verify-email/:x',
    {
      config: { public: true },
      schema: { tags, params: verifyEmailParam, response: { 200: envelope(signInResult) } },
    },
    async (request, reply) => {
      const outcome = await verifyEmail(deps, {
        token: request.params.x,
        client: clientOf(request),
      });
      return ok(signedIn(reply, outcome), 'auth:messages.email_verified');
    },
  );

  app.post(
    '/join/resend-verification',
    {
      schema: { tags, body: emailBody, response: { 200: envelope(emptyResource) } },
      config: { rateLimit, public: true },
    },
    async (request) => {
      await limitAccount(request, accountKey(request.body.email));
      return ok(await resendVerification(deps, request.body), 'auth:messages.verification_sent');
    },
  );

  app.post(
    '/join/login',
    {
      schema: { tags, body: loginBody, response: { 200: envelope(signInResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      await limitAccount(request, accountKey(email));
      const { reactivated, ...outcome } = await signInWithPassword(deps, {
        email,
        password,
        client: clientOf(request),
      });
      return ok(signedIn(reply, outcome), ...(reactivated ? ['auth:messages.reactivated'] : []));
    },
  );

  /** Second step of a sign-in whose account has 2FA on. */
  app.post(
    '/join/login-2fa',
    {
      schema: { tags, body: secondFactorBody, response: { 200: envelope(signInResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const outcome = await signInWithSecondFactor(deps, {
        loginToken: request.body.login_token,
        code: request.body.code,
        client: clientOf(request),
        limit: limitBy(request),
      });
      return ok(signedIn(reply, outcome));
    },
  );

  /** Sign-in of an account that must have 2FA but has none yet: the first code turns it on. */
  app.post(
    '/join/login-with-enable',
    {
      schema: {
        tags,
        body: secondFactorBody,
        response: {
          200: envelope(signInResult.extend({ recovery_codes: z.array(z.string()) })),
        },
      },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const outcome = await signInEnablingTwoFactor(deps, {
        loginToken: request.body.login_token,
        code: request.body.code,
        client: clientOf(request),
        limit: limitBy(request),
      });
      return ok(signedIn(reply, outcome), 'auth:messages.two_factor_enabled');
    },
  );

  app.post(
    '/join/forget-password',
    {
      schema: { tags, body: emailBody, response: { 200: envelope(emptyResource) } },
      config: { rateLimit, public: true },
    },
    async (request) => {
      await limitAccount(request, accountKey(request.body.email));
      return ok(await requestPasswordReset(deps, request.body), 'auth:messages.reset_sent');
    },
  );

  app.get(
    '/join/verify-reset-password/:token',
    {
      schema: {
        tags,
        params: tokenParam,
        response: { 200: envelope(z.object({ email: z.string() })) },
      },
      config: { rateLimit, public: true },
    },
    async (request) => ok(await checkResetLink(deps, request.params.token)),
  );

  app.post(
    '/join/reset-password',
    {
      schema: { tags, body: resetPasswordBody, response: { 200: envelope(emptyResource) } },
      config: { rateLimit, public: true },
    },
    async (request) => ok(await resetPassword(deps, request.body), 'auth:messages.password_reset'),
  );

  /** A single-use sign-in link (/signin/:token), e.g. from an invitation mail. */
  app.get(
    '/join/verify-token/:token',
    {
      schema: { tags, params: tokenParam, response: { 200: envelope(signInResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const outcome = await signInWithLink(deps, {
        token: request.params.token,
        client: clientOf(request),
      });
      return ok(signedIn(reply, outcome));
    },
  );

  app.post(
    '/join/logout',
    { schema: { tags, response: { 200: envelope(emptyResource) } } },
    async (request) => ok(await signOut(deps, actorOf(request)), 'auth:messages.signed_out'),
  );

  app.get(
    '/join/oauth/providers',
    {
      config: { public: true },
      schema: { tags, response: { 200: envelope(z.object({ providers: z.array(oidcProvider) })) } },
    },
    async () =>
      ok({
        providers: deps.config.oidc
          ? [{ id: OIDC_PROVIDER_ID, name: deps.config.oidc.displayName }]
          : [],
      }),
  );

  app.get(
    '/join/oauth/:provider/redirect',
    {
      schema: {
        tags,
        params: z.object({ provider: z.string().max(50) }),
        response: { 200: envelope(oidcRedirect) },
      },
      config: { rateLimit, public: true },
    },
    async (request) => ok(await startOidcSignIn(deps, request.params)),
  );

  app.post(
    '/join/callback-to-login',
    {
      schema: { tags, body: callbackToLoginBody, response: { 200: envelope(signInResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const outcome = await finishOidcSignIn(deps, {
        ...request.body,
        client: clientOf(request),
        refused: (error) => request.log.warn({ err: error }, 'OIDC code exchange refused'),
      });
      return ok(signedIn(reply, outcome));
    },
  );

  /** A six-digit code by mail: to verify an address, or to sign in without a password. */
  app.post(
    '/otp',
    {
      schema: { tags, body: otpRequestBody, response: { 200: envelope(emptyResource) } },
      config: { rateLimit, public: true },
    },
    async (request) => {
      await limitAccount(request, accountKey(request.body.email));
      return ok(await requestOtp(deps, request.body), 'auth:messages.otp_sent');
    },
  );

  app.post(
    '/otp/verify',
    {
      schema: { tags, body: otpVerifyBody, response: { 200: envelope(signInResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      await limitAccount(request, accountKey(request.body.email));
      const outcome = await verifyOtp(deps, { ...request.body, client: clientOf(request) });
      return ok(signedIn(reply, outcome));
    },
  );
}
