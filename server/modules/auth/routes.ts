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
import { hashSecret, passwordMatches } from '../../auth/password';
import { newSplitToken } from '../../auth/split-token';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { badRequest, conflict, refusal, unauthorized, validationFailed } from '../../http/errors';
import { keyedLimit } from '../../http/rate-limit';
import type { App } from '../../http/types';
import { displayName } from '../../core/people';
import { attemptInvitationToken, findInvitation, joinOnSignUp } from '../workspaces';
import { announceMembershipChange } from '../workspaces';
import { findOrCreateExternalUser, findUserByEmail } from './external-identity';
import { isUniqueViolation } from '../../db/errors';
import {
  accountExistsMail,
  oneTimeLinkMail,
  otpCodeMail,
  queueAccountMails,
  queueAccountMailsIn,
  registerAccountMails,
} from './mails';
import {
  buildOidcAuthorizationUrl,
  exchangeOidcCode,
  OIDC_PROVIDER_ID,
  oidcConfiguration,
} from './oidc';
import {
  attemptOneTimeToken,
  consumeOneTimeToken,
  consumeOtpCode,
  createOneTimeToken,
  MINUTES,
  peekOneTimeToken,
  useOneTimeToken,
} from '../../auth/one-time-tokens';
import { beginSecondFactor, completeSignIn, needsSecondFactor } from './sign-in';
import { acceptTotp, checkSecondFactor, newRecoveryCodes } from './two-factor';

const HOURS = 60 * MINUTES;
const tags = ['auth'];

function recipient(user: UserRow) {
  return { email: user.email, name: displayName(user), language: user.language };
}

/** The mail with the link that verifies the person's address (its token written in `tx`). */
const verificationMail = (deps: AppDeps, tx: DbOrTx, user: UserRow) =>
  oneTimeLinkMail(deps, tx, { ...recipient(user), userId: user.id }, 'verify_email', {
    ttlMs: 48 * HOURS,
    path: '/verify',
  });

/** The answer to a sign-up, whether or not the address already had an account. */
const signUpAnswer = (email: string, workspaceId: number | undefined) =>
  ok(
    {
      email,
      verification_required: true,
      ...(workspaceId !== undefined ? { workspace_id: workspaceId } : {}),
    },
    'auth:messages.signed_up',
  );

/** Addresses as accounts are keyed: case and surrounding space do not make another account. */
const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;

export default async function authRoutes(app: App) {
  const { deps } = app;
  const { db } = deps;
  registerAccountMails(deps);
  const budget = {
    max: deps.config.AUTH_RATE_LIMIT_MAX,
    timeWindow: deps.config.AUTH_RATE_LIMIT_WINDOW_MS,
  };
  // Sign-in, sign-up, OTP and password reset: one budget per client address and route, and
  // one per account and route, so guesses spread over many addresses still run out.
  const rateLimit = { ...budget, keyGenerator: (request: FastifyRequest) => request.ip };
  const limitAccount = keyedLimit(app, 'auth-account', budget);

  /**
   * The half-finished sign-in behind a login_token, with one try counted against it (five
   * wrong codes spend it) and against its account's budget.
   */
  async function attemptChallenge(request: FastifyRequest, loginToken: string, enable: boolean) {
    const challenge = await attemptOneTimeToken(db, 'login_challenge', loginToken);
    const userId = challenge?.userId;
    const [user] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
    if (!challenge || !user || Boolean(challenge.payload.enable) !== enable) {
      throw unauthorized('auth:messages.login_token_invalid');
    }
    await limitAccount(request, `user:${user.id}`);
    return { user, challengeId: challenge.id };
  }

  app.post(
    '/join/sign-up',
    {
      schema: { tags, body: signUpBody, response: { 201: envelope(signUpResult) } },
      config: { rateLimit, public: true },
    },
    async (request, reply) => {
      const body = request.body;
      await limitAccount(request, accountKey(body.email));
      // The invitation is checked (and a try counted) first, the same for every address.
      let linkWorkspaceId: number | undefined;
      if (body.invite_token) {
        await attemptInvitationToken(db, body.invite_token);
        const found = await findInvitation(db, body.invite_token);
        if (found.invitation && found.invitation.email.toLowerCase() !== body.email.toLowerCase()) {
          throw validationFailed({ email: 'workspaces:messages.invitation_other_email_short' });
        }
        if (found.kind === 'link') linkWorkspaceId = found.workspace.id;
      }
      // A known address answers like a new one, so sign-up cannot tell who has an account;
      // its owner gets a mail saying so instead. The hash is made either way, for the timing,
      // and either way a mail is queued (a job sends it), none sent while the caller waits.
      const passwordHash = await hashSecret(body.password);
      const existing = await findUserByEmail(db, body.email);
      if (existing) {
        await queueAccountMails(db, [accountExistsMail(recipient(existing))]);
        return reply.status(201).send(signUpAnswer(body.email, linkWorkspaceId));
      }
      const user = await db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              email: body.email,
              passwordHash,
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
          if (!joined?.emailProven) {
            await queueAccountMails(tx, [await verificationMail(deps, tx, created)]);
          }
          return { ...created, verifiedAt: joined?.emailProven ? new Date() : null, joined };
        })
        // Two sign-ups of one new address at once: the other one made the account.
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return null;
          throw error;
        });
      if (!user) return reply.status(201).send(signUpAnswer(body.email, linkWorkspaceId));
      if (user.joined) {
        announceMembershipChange(deps, {
          workspaceId: user.joined.workspaceId,
          userId: user.id,
          kind: 'added',
        });
      }
      if (user.verifiedAt) {
        // Only the holder of a mailed invitation gets here; it already knows the address is new.
        return reply.status(201).send(
          ok(
            {
              email: user.email,
              verification_required: false,
              workspace_id: user.joined?.workspaceId,
            },
            'workspaces:messages.joined',
          ),
        );
      }
      return reply.status(201).send(signUpAnswer(body.email, user.joined?.workspaceId));
    },
  );

  app.get(
    '/join/verify-email/:x',
    {
      config: { public: true },
      schema: { tags, params: verifyEmailParam, response: { 200: envelope(signInResult) } },
    },
    async (request, reply) => {
      const token = await consumeOneTimeToken(db, 'verify_email', request.params.x);
      const userId = token?.userId;
      if (!userId) throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
      const result = await db.transaction(async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ verifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, userId))
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
      await limitAccount(request, accountKey(request.body.email));
      const user = await findUserByEmail(db, request.body.email);
      // Same answer and the same write (a mail job, empty for an unknown address) either way.
      await queueAccountMailsIn(db, async (tx) =>
        user && !user.verifiedAt ? [await verificationMail(deps, tx, user)] : [],
      );
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
      await limitAccount(request, accountKey(email));
      const user = await findUserByEmail(db, email);
      if (!(await passwordMatches(password, user)) || !user) {
        throw refusal(401, 'invalid_credentials', 'auth:messages.invalid_credentials');
      }
      if (!user.verifiedAt) {
        // Only with the right password, so this tells nothing to someone guessing.
        await queueAccountMailsIn(db, async (tx) => [await verificationMail(deps, tx, user)]);
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
      const { user, challengeId } = await attemptChallenge(
        request,
        request.body.login_token,
        false,
      );
      if (!(await checkSecondFactor(db, user, request.body.code))) {
        throw validationFailed({ code: 'auth:messages.code_invalid' });
      }
      if (!(await useOneTimeToken(db, challengeId))) {
        throw unauthorized('auth:messages.login_token_invalid');
      }
      const result = await db.transaction((tx) =>
        completeSignIn(deps, tx, request, reply, user, 'two_factor'),
      );
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
      const { user, challengeId } = await attemptChallenge(request, request.body.login_token, true);
      if (!(await acceptTotp(db, user.id, user.twoFactorPendingSecret, request.body.code))) {
        throw validationFailed({ code: 'auth:messages.code_invalid' });
      }
      if (!(await useOneTimeToken(db, challengeId))) {
        throw unauthorized('auth:messages.login_token_invalid');
      }
      const result = await db.transaction(async (tx) => {
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
      await limitAccount(request, accountKey(request.body.email));
      const user = await findUserByEmail(db, request.body.email);
      // Same answer and the same write (a mail job, empty for an unknown address) either way.
      await queueAccountMailsIn(db, async (tx) =>
        user
          ? [
              await oneTimeLinkMail(
                deps,
                tx,
                { ...recipient(user), userId: user.id },
                'reset_password',
                { ttlMs: 1 * HOURS, path: '/password/reset' },
              ),
            ]
          : [],
      );
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
      const token = await peekOneTimeToken(db, 'reset_password', request.params.token);
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
      const used = await consumeOneTimeToken(db, 'reset_password', token);
      if (!used?.userId) throw refusal(410, 'link_expired', 'auth:messages.link_invalid');
      const userId = used.userId;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            passwordHash: await hashSecret(password),
            passwordChangedAt: new Date(),
            // The mail reached its owner, so the address is proven too.
            verifiedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId));
        // A reset ends every session, in case the old password was known to someone else.
        await revokeAllSessions(tx, userId);
      });
      deps.realtime.closeSessionsOf(userId);
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
      const used = await consumeOneTimeToken(db, 'sign_in_link', request.params.token);
      const result = await db.transaction(async (tx) => {
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
      // Its open sockets too, on every process: they would otherwise go on joining and hearing.
      deps.realtime.closeSession(auth.sessionId);
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
      const state = newSplitToken();
      const authorization = await buildOidcAuthorizationUrl(
        await configuration,
        deps.config,
        state.raw,
      );
      await createOneTimeToken(db, 'oidc_state', {
        token: state,
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
      await limitAccount(request, accountKey(email));
      const user = await findUserByEmail(db, email);
      const eligible = user && (purpose === 'verify_email' ? !user.verifiedAt : user.verifiedAt);
      // Same answer and the same write (a mail job, empty when no code is due) either way.
      await queueAccountMailsIn(db, async (tx) =>
        user && eligible
          ? [await otpCodeMail(deps, tx, recipient(user), purpose, 10 * MINUTES)]
          : [],
      );
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
      await limitAccount(request, accountKey(email));
      // The try is counted in its own write before the transaction, so a refusal keeps it.
      const user = await findUserByEmail(db, email);
      if (!user || !(await consumeOtpCode(db, user.email, purpose, code))) {
        throw validationFailed({ code: 'auth:messages.code_invalid' });
      }
      const result = await db.transaction(async (tx) => {
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
