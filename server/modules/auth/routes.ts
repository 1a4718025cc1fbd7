import { eq } from 'drizzle-orm';
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
import { revokeAllSessions, revokeSession } from '../../auth/access-token';
import { requireAuth } from '../../auth/guard';
import { hashSecret, verifySecret } from '../../auth/password';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { badRequest, conflict, refusal, unauthorized, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { displayName } from '../account/present';
import { joinOnSignUp } from '../workspaces/invitations/join';
import { announceMembershipChange } from '../workspaces/live';
import { findOrCreateExternalUser, findUserByEmail } from './external-identity';
import { appLink, sendAccountMail } from './mails';
import {
  buildOidcAuthorizationUrl,
  exchangeOidcCode,
  OIDC_PROVIDER_ID,
  oidcConfiguration,
} from './oidc';
import {
  consumeOneTimeToken,
  consumeOtpCode,
  createOneTimeToken,
  createOtpCode,
  findOneTimeToken,
  MINUTES,
} from './one-time-tokens';
import { beginSecondFactor, completeSignIn, needsSecondFactor } from './sign-in';
import { checkSecondFactor, newRecoveryCodes, totpMatches } from './two-factor';

const HOURS = 60 * MINUTES;
const tags = ['auth'];

function recipient(user: UserRow) {
  return { email: user.email, name: displayName(user), language: user.language };
}

async function sendVerification(deps: AppDeps, db: DbOrTx, user: UserRow) {
  const token = await createOneTimeToken(db, 'verify_email', {
    userId: user.id,
    email: user.email,
    ttlMs: 48 * HOURS,
  });
  await sendAccountMail(deps, 'verify_email', recipient(user), {
    link: appLink(deps, '/verify', { token }),
  });
}

export default async function authRoutes(app: App) {
  const { deps } = app;
  const { db } = deps;
  // Sign-in, sign-up, OTP and password reset share one budget per address and route.
  const rateLimit = {
    max: deps.config.AUTH_RATE_LIMIT_MAX,
    timeWindow: deps.config.AUTH_RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => request.ip,
  };

  app.post(
    '/join/sign-up',
    {
      schema: { tags, body: signUpBody, response: { 201: envelope(signUpResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const body = request.body;
      const user = await db.transaction(async (tx) => {
        if (await findUserByEmail(tx, body.email)) {
          throw validationFailed({ email: 'auth:messages.email_taken' });
        }
        const [created] = await tx
          .insert(users)
          .values({
            email: body.email,
            passwordHash: await hashSecret(body.password),
            firstName: body.first_name ?? '',
            lastName: body.last_name ?? '',
            language: body.language ?? request.lang,
            timezone: body.timezone ?? 'UTC',
            privacyAcceptedAt: body.accept_privacy ? new Date() : null,
          })
          .returning();
        // Signing up from an invitation joins its workspace; a mailed one proves the address.
        const joined = body.invite_token
          ? await joinOnSignUp(tx, body.invite_token, created)
          : null;
        return { ...created, verifiedAt: joined?.emailProven ? new Date() : null, joined };
      });
      const workspace = user.joined ? { workspace_id: user.joined.workspaceId } : {};
      if (user.joined) {
        announceMembershipChange(deps, {
          workspaceId: user.joined.workspaceId,
          userId: user.id,
          kind: 'added',
        });
      }
      if (user.verifiedAt) {
        return reply
          .status(201)
          .send(
            ok(
              { email: user.email, verification_required: false, ...workspace },
              'workspaces:messages.joined',
            ),
          );
      }
      await sendVerification(deps, db, user);
      return reply
        .status(201)
        .send(
          ok(
            { email: user.email, verification_required: true, ...workspace },
            'auth:messages.signed_up',
          ),
        );
    },
  );

  app.get(
    '/join/verify-email/:x',
    {
      config: { public: true },
      schema: { tags, params: verifyEmailParam, response: { 200: envelope(signInResult) } },
    },
    async (request, reply) => {
      const result = await db.transaction(async (tx) => {
        const token = await consumeOneTimeToken(tx, 'verify_email', request.params.x);
        if (!token?.userId) throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
        const [user] = await tx
          .update(users)
          .set({ verifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, token.userId))
          .returning();
        if (!user || user.deletedAt)
          throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
        // Opening the mailed link proves the address; 2FA accounts still give their code.
        return needsSecondFactor(user)
          ? beginSecondFactor(deps, tx, user, 'password')
          : completeSignIn(deps, tx, request, reply, user, 'password');
      });
      return ok(result, 'auth:messages.email_verified');
    },
  );

  app.post(
    '/join/resend-verification',
    {
      schema: { tags, body: emailBody, response: { 200: envelope(emptyResource) } },
      config: { rateLimit, public: true },
    },
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      // Same answer whether or not the address is known, so it cannot be used to probe.
      if (user && !user.verifiedAt) await sendVerification(deps, db, user);
      return ok({}, 'auth:messages.verification_sent');
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
      const user = await findUserByEmail(db, email);
      if (!user || !(await verifySecret(password, user.passwordHash))) {
        throw refusal(401, 'invalid_credentials', 'auth:messages.invalid_credentials');
      }
      if (!user.verifiedAt) {
        await sendVerification(deps, db, user);
        throw refusal(403, 'email_not_verified', 'auth:messages.email_not_verified');
      }
      const result = await db.transaction((tx) =>
        needsSecondFactor(user)
          ? beginSecondFactor(deps, tx, user, 'password')
          : completeSignIn(deps, tx, request, reply, user, 'password'),
      );
      return ok(result, ...(user.deactivatedAt ? ['auth:messages.reactivated'] : []));
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
      const result = await db.transaction(async (tx) => {
        const challenge = await findOneTimeToken(tx, 'login_challenge', request.body.login_token);
        const [user] = challenge?.userId
          ? await tx.select().from(users).where(eq(users.id, challenge.userId))
          : [];
        if (!challenge || !user || challenge.payload.enable) {
          throw unauthorized('auth:messages.login_token_invalid');
        }
        const check = await checkSecondFactor(user, request.body.code);
        if (!check.valid) throw validationFailed({ code: 'auth:messages.code_invalid' });
        await consumeOneTimeToken(tx, 'login_challenge', request.body.login_token);
        if (check.remainingRecoveryCodes) {
          await tx
            .update(users)
            .set({ recoveryCodes: check.remainingRecoveryCodes })
            .where(eq(users.id, user.id));
        }
        return completeSignIn(deps, tx, request, reply, user, 'two_factor');
      });
      return ok(result);
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
      const result = await db.transaction(async (tx) => {
        const challenge = await findOneTimeToken(tx, 'login_challenge', request.body.login_token);
        const [user] = challenge?.userId
          ? await tx.select().from(users).where(eq(users.id, challenge.userId))
          : [];
        if (!challenge || !user || !challenge.payload.enable) {
          throw unauthorized('auth:messages.login_token_invalid');
        }
        if (!(await totpMatches(user.twoFactorPendingSecret, request.body.code))) {
          throw validationFailed({ code: 'auth:messages.code_invalid' });
        }
        await consumeOneTimeToken(tx, 'login_challenge', request.body.login_token);
        const recovery = await newRecoveryCodes();
        const [enabled] = await tx
          .update(users)
          .set({
            twoFactorSecret: user.twoFactorPendingSecret,
            twoFactorPendingSecret: null,
            twoFactorEnabledAt: new Date(),
            recoveryCodes: recovery.hashed,
          })
          .where(eq(users.id, user.id))
          .returning();
        const signIn = await completeSignIn(deps, tx, request, reply, enabled, 'two_factor');
        return { ...signIn, recovery_codes: recovery.plain };
      });
      return ok(result, 'auth:messages.two_factor_enabled');
    },
  );

  app.post(
    '/join/forget-password',
    {
      schema: { tags, body: emailBody, response: { 200: envelope(emptyResource) } },
      config: { rateLimit, public: true },
    },
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      if (user) {
        const token = await createOneTimeToken(db, 'reset_password', {
          userId: user.id,
          email: user.email,
          ttlMs: 1 * HOURS,
        });
        await sendAccountMail(deps, 'reset_password', recipient(user), {
          link: appLink(deps, '/password/reset', { token }),
        });
      }
      return ok({}, 'auth:messages.reset_sent');
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
    async (request) => {
      const token = await findOneTimeToken(db, 'reset_password', request.params.token);
      if (!token?.email) throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
      return ok({ email: token.email });
    },
  );

  app.post(
    '/join/reset-password',
    {
      schema: { tags, body: resetPasswordBody, response: { 200: envelope(emptyResource) } },
      config: { rateLimit, public: true },
    },
    async (request) => {
      const { token, password, password_confirmation: confirmation } = request.body;
      if (confirmation !== undefined && confirmation !== password) {
        throw validationFailed({ password_confirmation: 'auth:messages.passwords_differ' });
      }
      await db.transaction(async (tx) => {
        const used = await consumeOneTimeToken(tx, 'reset_password', token);
        if (!used?.userId) throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
        await tx
          .update(users)
          .set({
            passwordHash: await hashSecret(password),
            passwordChangedAt: new Date(),
            // The mail reached its owner, so the address is proven too.
            verifiedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, used.userId));
        // A reset ends every session, in case the old password was known to someone else.
        await revokeAllSessions(tx, used.userId);
      });
      return ok({}, 'auth:messages.password_reset');
    },
  );

  /** A single-use sign-in link (/signin/:token), e.g. from an invitation mail. */
  app.get(
    '/join/verify-token/:token',
    {
      schema: { tags, params: tokenParam, response: { 200: envelope(signInResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const result = await db.transaction(async (tx) => {
        const used = await consumeOneTimeToken(tx, 'sign_in_link', request.params.token);
        const [user] = used?.userId
          ? await tx.select().from(users).where(eq(users.id, used.userId))
          : [];
        if (!user || user.deletedAt)
          throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
        return needsSecondFactor(user)
          ? beginSecondFactor(deps, tx, user, 'join')
          : completeSignIn(deps, tx, request, reply, user, 'join');
      });
      return ok(result);
    },
  );

  app.post(
    '/join/logout',
    { schema: { tags, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const auth = requireAuth(request);
      await revokeSession(db, auth.sessionId);
      return ok({}, 'auth:messages.signed_out');
    },
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
    async (request) => {
      const configuration = oidcConfiguration(deps.config);
      if (!configuration || request.params.provider !== OIDC_PROVIDER_ID) {
        throw refusal(404, 'provider_not_configured', 'auth:messages.oidc_not_configured');
      }
      const authorization = await buildOidcAuthorizationUrl(await configuration, deps.config);
      await createOneTimeToken(db, 'oidc_state', {
        raw: authorization.state,
        payload: { nonce: authorization.nonce, codeVerifier: authorization.codeVerifier },
        ttlMs: 15 * MINUTES,
      });
      return ok({ url: authorization.url });
    },
  );

  app.post(
    '/join/callback-to-login',
    {
      schema: { tags, body: callbackToLoginBody, response: { 200: envelope(signInResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const configuration = oidcConfiguration(deps.config);
      if (!configuration) {
        throw refusal(404, 'provider_not_configured', 'auth:messages.oidc_not_configured');
      }
      const state = await consumeOneTimeToken(db, 'oidc_state', request.body.state);
      if (!state) throw badRequest('auth:messages.oidc_state_invalid');
      let identity;
      try {
        identity = await exchangeOidcCode(await configuration, deps.config, {
          code: request.body.code,
          state: request.body.state,
          iss: request.body.iss,
          nonce: String(state.payload.nonce),
          codeVerifier: String(state.payload.codeVerifier),
        });
      } catch (error) {
        request.log.warn({ err: error }, 'OIDC code exchange refused');
        throw unauthorized('auth:messages.oidc_failed');
      }
      const result = await db.transaction(async (tx) => {
        const { user } = await findOrCreateExternalUser(tx, {
          provider: OIDC_PROVIDER_ID,
          subject: identity.subject,
          email: identity.email,
          emailVerified: identity.emailVerified,
          firstName: identity.givenName,
          lastName: identity.familyName,
        });
        return needsSecondFactor(user)
          ? beginSecondFactor(deps, tx, user, 'oidc')
          : completeSignIn(deps, tx, request, reply, user, 'oidc');
      });
      return ok(result);
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
      const { email, purpose } = request.body;
      const user = await findUserByEmail(db, email);
      const eligible = user && (purpose === 'verify_email' ? !user.verifiedAt : user.verifiedAt);
      if (user && eligible) {
        const code = await createOtpCode(db, user.email, purpose, 10 * MINUTES);
        await sendAccountMail(deps, 'otp_code', recipient(user), { code });
      }
      return ok({}, 'auth:messages.otp_sent');
    },
  );

  app.post(
    '/otp/verify',
    {
      schema: { tags, body: otpVerifyBody, response: { 200: envelope(signInResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const { email, purpose, code } = request.body;
      const result = await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (!user || !(await consumeOtpCode(tx, user.email, purpose, code))) {
          throw validationFailed({ code: 'auth:messages.code_invalid' });
        }
        let current = user;
        if (purpose === 'verify_email') {
          if (user.verifiedAt) throw conflict('auth:messages.already_verified');
          [current] = await tx
            .update(users)
            .set({ verifiedAt: new Date() })
            .where(eq(users.id, user.id))
            .returning();
        }
        return needsSecondFactor(current)
          ? beginSecondFactor(deps, tx, current, 'otp')
          : completeSignIn(deps, tx, request, reply, current, 'otp');
      });
      return ok(result);
    },
  );
}
