import { envelope } from '@contracts/common';
import {
  notificationsResource,
  personalityResource,
  preferencesResource,
  privacyResource,
  saveAvailabilityBody,
  saveNotificationsBody,
  savePersonalityBody,
  savePreferencesBody,
  savePrivacyBody,
  saveSkillsBody,
  saveSocialMediaBody,
  socialMediaResource,
  userSkillsResource,
  availabilityResource,
} from '@contracts/profile';
import { requireAuth } from '../../auth/guard';
import { privacyOptionsOf } from '../../auth/privacy';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { saveAvailability } from './operations/save-availability';
import { saveNotificationSettings } from './operations/save-notification-settings';
import { savePersonality } from './operations/save-personality';
import { savePreferences } from './operations/save-preferences';
import { savePrivacy } from './operations/save-privacy';
import { saveSkills } from './operations/save-skills';
import { saveSocialMedia } from './operations/save-social-media';
import { notificationSettingsOf } from './store';

/** The signed-in person's own profile settings (spec 7.9 `POST user/...`). */
export default async function profileSettingsRoutes(app: App) {
  const { deps } = app;
  const tags = ['profile'];

  app.post(
    '/user/skills',
    {
      schema: {
        tags,
        summary: 'Replace my skills; names not in the catalogue are added to it',
        body: saveSkillsBody,
        response: { 200: envelope(userSkillsResource) },
      },
    },
    async (request) =>
      ok(
        await saveSkills(deps, actorOf(request), { ...request.body, lang: request.lang }),
        'profile:messages.skills_saved',
      ),
  );

  app.post(
    '/user/availability',
    {
      schema: {
        tags,
        summary: 'Replace my free hours of the week (UTC hour-of-week slots 0-167)',
        body: saveAvailabilityBody,
        response: { 200: envelope(availabilityResource) },
      },
    },
    async (request) =>
      ok(
        await saveAvailability(deps, actorOf(request), request.body),
        'profile:messages.availability_saved',
      ),
  );

  app.post(
    '/user/personality',
    {
      schema: {
        tags,
        summary: 'Save self-assessment answers; earlier answers stay (save and close)',
        body: savePersonalityBody,
        response: { 200: envelope(personalityResource) },
      },
    },
    async (request) => {
      const resource = await savePersonality(deps, actorOf(request), request.body);
      return ok(
        resource,
        resource.completed
          ? 'profile:messages.personality_completed'
          : 'profile:messages.personality_saved',
      );
    },
  );

  app.get(
    '/user/options',
    {
      schema: { tags, summary: 'My privacy options', response: { 200: envelope(privacyResource) } },
    },
    async (request) => ok({ privacy_options: privacyOptionsOf(requireAuth(request).user) }),
  );

  app.post(
    '/user/options',
    {
      schema: {
        tags,
        summary: 'Change some of my privacy options',
        body: savePrivacyBody,
        response: { 200: envelope(privacyResource) },
      },
    },
    async (request) =>
      ok(await savePrivacy(deps, actorOf(request), request.body), 'profile:messages.privacy_saved'),
  );

  app.get(
    '/user/notifications',
    {
      schema: {
        tags,
        summary: 'My notification settings (every switch, on unless turned off)',
        response: { 200: envelope(notificationsResource) },
      },
    },
    async (request) =>
      ok({ notification_settings: notificationSettingsOf(requireAuth(request).user) }),
  );

  app.post(
    '/user/notifications',
    {
      schema: {
        tags,
        summary: 'Change some of my notification settings',
        body: saveNotificationsBody,
        response: { 200: envelope(notificationsResource) },
      },
    },
    async (request) =>
      ok(
        await saveNotificationSettings(deps, actorOf(request), request.body.notification_settings),
        'profile:messages.notifications_saved',
      ),
  );

  app.post(
    '/user/preferences',
    {
      schema: {
        tags,
        summary: 'Change how I like to work (roles, work style, communication, goals)',
        body: savePreferencesBody,
        response: { 200: envelope(preferencesResource) },
      },
    },
    async (request) =>
      ok(
        await savePreferences(deps, actorOf(request), request.body),
        'profile:messages.preferences_saved',
      ),
  );

  app.post(
    '/user/social-media',
    {
      schema: {
        tags,
        summary: 'Set my social media links; an empty link removes it',
        body: saveSocialMediaBody,
        response: { 200: envelope(socialMediaResource) },
      },
    },
    async (request) =>
      ok(
        await saveSocialMedia(deps, actorOf(request), request.body.social_media),
        'profile:messages.social_media_saved',
      ),
  );
}
