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
import { requireAuth } from '../../auth/guard';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { keyedLimit } from '../../http/rate-limit';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { exportUserData } from '../../core/export-sections';
import { storedStepsDone } from '../profile';
import { acceptPrivacy } from './operations/accept-privacy';
import { changePassword } from './operations/change-password';
import { changeTwoFactor } from './operations/change-two-factor';
import { deactivateAccount } from './operations/deactivate-account';
import { deleteOwnAccount } from './operations/delete-own-account';
import { saveTour } from './operations/save-tour';
import { setTimezone } from './operations/set-timezone';
import { updateOwnAccount } from './operations/update-account';
import { listUserConfigs, saveUserConfig } from './operations/user-configs';
import { presentCurrentUser } from './present';
import { loadTours } from './tours';

const tags = ['account'];

export default async function accountRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const { db, config } = deps;
  // Password and code checks behind a session: a stolen token must not guess them freely.
  const limitUser = keyedLimit(app, 'account-secret', {
    max: config.AUTH_RATE_LIMIT_MAX,
    timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
  });

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

  route.patch(
    '/user',
    { body: updateUserBody, answer: currentUser, message: 'account:messages.saved' },
    (actor, request) => updateOwnAccount(deps, actor, request.body),
  );

  app.patch(
    '/user/security',
    { schema: { tags, body: changePasswordBody, response: { 200: envelope(emptyResource) } } },
    async (request) => {
      const actor = actorOf(request);
      await limitUser(request, String(actor.userId));
      return ok(
        await changePassword(deps, actor, request.body),
        'account:messages.password_changed',
      );
    },
  );

  route.put('/user/accept-privacy', { answer: currentUser }, (actor) => acceptPrivacy(deps, actor));

  route.put(
    '/user/timezone',
    { body: timezoneBody, answer: currentUser, message: 'account:messages.saved' },
    (actor, request) => setTimezone(deps, actor, request.body),
  );

  /** Deactivation signs the person out everywhere; signing in again reactivates the account. */
  app.put(
    '/user/deactivate',
    { schema: { tags, response: { 200: envelope(emptyResource) } } },
    async (request) =>
      ok(await deactivateAccount(deps, actorOf(request)), 'account:messages.deactivated'),
  );

  /** What each area erases and keeps of a deleted account: their `accountDeletion`. */
  app.delete(
    '/user',
    {
      schema: { tags, body: deleteAccountBody, response: { 200: envelope(emptyResource) } },
    },
    async (request) => {
      const actor = actorOf(request);
      await limitUser(request, String(actor.userId));
      return ok(
        await deleteOwnAccount({ ...deps, areas: app.areas }, actor, request.body),
        'account:messages.deleted',
      );
    },
  );

  route.get('/user/configs', { answer: z.object({ configs: z.array(userConfig) }) }, (actor) =>
    listUserConfigs(deps, actor),
  );

  route.post('/user/configs', { body: saveUserConfigBody, answer: userConfig }, (actor, request) =>
    saveUserConfig(deps, actor, request.body),
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
      const actor = actorOf(request);
      if (request.body.action !== 'setup') await limitUser(request, String(actor.userId));
      const { result, message } = await changeTwoFactor(deps, actor, request.body);
      return message ? ok(result, message) : ok(result);
    },
  );

  app.get(
    '/tours',
    { schema: { tags, response: { 200: envelope(z.object({ tours })) } } },
    async (request) => ok({ tours: await loadTours(db, requireAuth(request).user.id) }),
  );

  route.post('/tours', { body: saveTourBody, answer: z.object({ tours }) }, (actor, request) =>
    saveTour(deps, actor, request.body),
  );
}
