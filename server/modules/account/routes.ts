import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  changePasswordBody,
  deleteAccountBody,
  saveUserConfigBody,
  timezoneBody,
  twoFactorBody,
  twoFactorResult,
  updateUserBody,
  userConfig,
} from '@contracts/account';
import { currentUser, saveTourBody, tours } from '@contracts/auth';
import { emptyResource, envelope } from '@contracts/common';
import { revokeAllSessions } from '../../auth/access-token';
import { requireAuth } from '../../auth/guard';
import { hashSecret, verifySecret } from '../../auth/password';
import { userConfigs, users, userTours, type UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validationFailed } from '../../http/errors';
import { keyedLimit } from '../../http/rate-limit';
import type { App } from '../../http/types';
import { acceptTotp, checkSecondFactor, newRecoveryCodes, newTwoFactorSetup } from '../auth';
import { storageFor } from '../../storage';
import { isKnownTimezone } from '../lookups';
import { exportUserData } from '../../core/export-sections';
import { storedStepsDone } from '../profile';
import { presentCurrentUser } from './present';
import { deleteAccount } from './deletion';
import { loadTours } from './tours';

const tags = ['account'];

export default async function accountRoutes(app: App) {
  const { db, config, realtime } = app.deps;
  // Password and code checks behind a session: a stolen token must not guess them freely.
  const limitUser = keyedLimit(app, 'account-secret', {
    max: config.AUTH_RATE_LIMIT_MAX,
    timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
  });

  async function updateUser(userId: number, values: Partial<typeof users.$inferInsert>) {
    const [updated] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return updated;
  }
  const present = (user: UserRow) => presentCurrentUser(db, user);

  app.get(
    '/user',
    {
      schema: { tags, summary: 'The signed-in user', response: { 200: envelope(currentUser) } },
      // Every page load asks for it: the profile's stored steps are read with the session.
      config: { sessionExtra: { shape: 'stored_steps_done', sql: storedStepsDone } },
    },
    async (request) => {
      const { user, extra } = requireAuth(request);
      return ok(await presentCurrentUser(db, user, extra == null ? undefined : Number(extra)));
    },
  );

  app.patch(
    '/user',
    { schema: { tags, body: updateUserBody, response: { 200: envelope(currentUser) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const body = request.body;
      const updated = await updateUser(user.id, {
        firstName: body.first_name,
        lastName: body.last_name,
        language: body.language,
        bio: body.bio,
        preferences: body.preferences ? { ...user.preferences, ...body.preferences } : undefined,
        notificationSettings: body.notification_settings
          ? { ...user.notificationSettings, ...body.notification_settings }
          : undefined,
        socialMedia: body.social_media,
        privacyOptions: body.privacy_options
          ? { ...user.privacyOptions, ...body.privacy_options }
          : undefined,
      });
      return ok(await present(updated), 'account:messages.saved');
    },
  );

  app.patch(
    '/user/security',
    { schema: { tags, body: changePasswordBody, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const { user, sessionId } = requireAuth(request);
      await limitUser(request, String(user.id));
      const body = request.body;
      if (
        user.passwordHash &&
        !(await verifySecret(body.current_password ?? '', user.passwordHash))
      ) {
        throw validationFailed({ current_password: 'account:messages.current_password_wrong' });
      }
      if (
        body.password_confirmation !== undefined &&
        body.password_confirmation !== body.password
      ) {
        throw validationFailed({ password_confirmation: 'auth:messages.passwords_differ' });
      }
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash: await hashSecret(body.password), passwordChangedAt: new Date() })
          .where(eq(users.id, user.id));
        // Other devices sign in again with the new password; this one stays signed in.
        await tx.execute(
          sql`update sessions set revoked_at = now() where user_id = ${user.id} and id <> ${sessionId} and revoked_at is null`,
        );
      });
      realtime.closeSessionsOf(user.id, sessionId);
      return ok({}, 'account:messages.password_changed');
    },
  );

  app.put(
    '/user/accept-privacy',
    { schema: { tags, response: { 200: envelope(currentUser) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const updated = await updateUser(user.id, {
        privacyAcceptedAt: user.privacyAcceptedAt ?? new Date(),
      });
      return ok(await present(updated));
    },
  );

  app.put(
    '/user/timezone',
    { schema: { tags, body: timezoneBody, response: { 200: envelope(currentUser) } } },
    async (request) => {
      const { user } = requireAuth(request);
      if (!isKnownTimezone(request.body.timezone)) {
        throw validationFailed({ timezone: 'account:messages.timezone_unknown' });
      }
      const updated = await updateUser(user.id, {
        timezone: request.body.timezone,
        preferences: { ...user.preferences, timezone_confirmed: true },
      });
      return ok(await present(updated), 'account:messages.saved');
    },
  );

  /** Deactivation signs the person out everywhere; signing in again reactivates the account. */
  app.put(
    '/user/deactivate',
    { schema: { tags, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const { user } = requireAuth(request);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, user.id));
        await revokeAllSessions(tx, user.id);
      });
      realtime.closeSessionsOf(user.id);
      return ok({}, 'account:messages.deactivated');
    },
  );

  /** What each area erases and keeps of a deleted account: their `accountDeletion`. */
  app.delete(
    '/user',
    {
      schema: { tags, body: deleteAccountBody, response: { 200: envelope(emptyResource) } },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await limitUser(request, String(user.id));
      const { password, email } = request.body;
      const confirmed = user.passwordHash
        ? await verifySecret(password ?? '', user.passwordHash)
        : email?.toLowerCase() === user.email.toLowerCase();
      if (!confirmed) {
        throw validationFailed(
          user.passwordHash
            ? { password: 'account:messages.current_password_wrong' }
            : { email: 'account:messages.confirm_email_wrong' },
        );
      }
      const fileKeys = await deleteAccount(app.areas, db, user.id);
      realtime.closeSessionsOf(user.id);
      await storageFor(app.deps.config).remove(fileKeys);
      return ok({}, 'account:messages.deleted');
    },
  );

  app.get(
    '/user/configs',
    { schema: { tags, response: { 200: envelope(z.object({ configs: z.array(userConfig) })) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const rows = await db.select().from(userConfigs).where(eq(userConfigs.userId, user.id));
      return ok({ configs: rows.map((row) => ({ key: row.key, value: row.value })) });
    },
  );

  app.post(
    '/user/configs',
    { schema: { tags, body: saveUserConfigBody, response: { 200: envelope(userConfig) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const { key, value } = request.body;
      if (JSON.stringify(value ?? null).length > 20_000) {
        throw validationFailed({ value: 'account:messages.config_too_large' });
      }
      await db
        .insert(userConfigs)
        .values({ userId: user.id, key, value: value ?? null })
        .onConflictDoUpdate({
          target: [userConfigs.userId, userConfigs.key],
          set: { value: value ?? null, updatedAt: new Date() },
        });
      return ok({ key, value: value ?? null });
    },
  );

  app.get(
    '/user/export-user-data',
    { schema: { tags, summary: 'Everything we hold about the signed-in user, as JSON' } },
    async (request, reply) => {
      const { user } = requireAuth(request);
      const data = await exportUserData(app.areas, db, user.id);
      return reply
        .header('content-disposition', `attachment; filename="teamloop-data-${user.id}.json"`)
        .type('application/json')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.put(
    '/user/2fa',
    { schema: { tags, body: twoFactorBody, response: { 200: envelope(twoFactorResult) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const body = request.body;
      if (body.action !== 'setup') await limitUser(request, String(user.id));
      const enabled = user.twoFactorEnabledAt !== null;
      switch (body.action) {
        case 'setup': {
          if (enabled) throw validationFailed({ action: 'account:messages.two_factor_already_on' });
          const setup = await newTwoFactorSetup(user.email);
          await updateUser(user.id, { twoFactorPendingSecret: setup.secret });
          return ok({ enabled: false, ...setup });
        }
        case 'enable': {
          if (enabled) throw validationFailed({ action: 'account:messages.two_factor_already_on' });
          if (!(await acceptTotp(db, user.id, user.twoFactorPendingSecret, body.code))) {
            throw validationFailed({ code: 'auth:messages.code_invalid' });
          }
          const recovery = await newRecoveryCodes();
          await updateUser(user.id, {
            twoFactorSecret: user.twoFactorPendingSecret,
            twoFactorPendingSecret: null,
            twoFactorEnabledAt: new Date(),
            recoveryCodes: recovery.hashed,
          });
          return ok(
            { enabled: true, recovery_codes: recovery.plain },
            'auth:messages.two_factor_enabled',
          );
        }
        case 'disable': {
          if (!enabled) throw validationFailed({ action: 'account:messages.two_factor_off' });
          if (user.twoFactorRequired)
            throw validationFailed({ action: 'account:messages.two_factor_required' });
          if (!(await checkSecondFactor(db, user, body.code))) {
            throw validationFailed({ code: 'auth:messages.code_invalid' });
          }
          await updateUser(user.id, {
            twoFactorSecret: null,
            twoFactorEnabledAt: null,
            recoveryCodes: [],
          });
          return ok({ enabled: false }, 'account:messages.two_factor_disabled');
        }
        case 'recovery-codes': {
          if (!enabled) throw validationFailed({ action: 'account:messages.two_factor_off' });
          if (!(await acceptTotp(db, user.id, user.twoFactorSecret, body.code))) {
            throw validationFailed({ code: 'auth:messages.code_invalid' });
          }
          const recovery = await newRecoveryCodes();
          await updateUser(user.id, { recoveryCodes: recovery.hashed });
          return ok({ enabled: true, recovery_codes: recovery.plain });
        }
      }
    },
  );

  app.get(
    '/tours',
    { schema: { tags, response: { 200: envelope(z.object({ tours })) } } },
    async (request) => ok({ tours: await loadTours(db, requireAuth(request).user.id) }),
  );

  app.post(
    '/tours',
    { schema: { tags, body: saveTourBody, response: { 200: envelope(z.object({ tours })) } } },
    async (request) => {
      const { user } = requireAuth(request);
      const { name, state } = request.body;
      await db
        .insert(userTours)
        .values({ userId: user.id, name, state })
        .onConflictDoUpdate({
          target: [userTours.userId, userTours.name],
          set: { state, updatedAt: new Date() },
        });
      return ok({ tours: await loadTours(db, user.id) });
    },
  );
}
