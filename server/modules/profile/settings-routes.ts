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
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
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
  const route = operationRoutes(app, tags);

  route.post(
    '/user/skills',
    {
      summary: 'Replace my skills; names not in the catalogue are added to it',
      body: saveSkillsBody,
      answer: userSkillsResource,
      message: 'profile:messages.skills_saved',
    },
    (actor, request) => saveSkills(deps, actor, { ...request.body, lang: request.lang }),
  );

  route.post(
    '/user/availability',
    {
      summary: 'Replace my free hours of the week (UTC hour-of-week slots 0-167)',
      body: saveAvailabilityBody,
      answer: availabilityResource,
      message: 'profile:messages.availability_saved',
    },
    (actor, request) => saveAvailability(deps, actor, request.body),
  );

  route.post(
    '/user/personality',
    {
      summary: 'Save self-assessment answers; earlier answers stay (save and close)',
      body: savePersonalityBody,
      answer: personalityResource,
      message: (resource) =>
        resource.completed
          ? 'profile:messages.personality_completed'
          : 'profile:messages.personality_saved',
    },
    (actor, request) => savePersonality(deps, actor, request.body),
  );

  app.get(
    '/user/options',
    {
      schema: { tags, summary: 'My privacy options', response: { 200: envelope(privacyResource) } },
    },
    async (request) => ok({ privacy_options: privacyOptionsOf(requireAuth(request).user) }),
  );

  route.post(
    '/user/options',
    {
      summary: 'Change some of my privacy options',
      body: savePrivacyBody,
      answer: privacyResource,
      message: 'profile:messages.privacy_saved',
    },
    (actor, request) => savePrivacy(deps, actor, request.body),
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

  route.post(
    '/user/notifications',
    {
      summary: 'Change some of my notification settings',
      body: saveNotificationsBody,
      answer: notificationsResource,
      message: 'profile:messages.notifications_saved',
    },
    (actor, request) => saveNotificationSettings(deps, actor, request.body.notification_settings),
  );

  route.post(
    '/user/preferences',
    {
      summary: 'Change how I like to work (roles, work style, communication, goals)',
      body: savePreferencesBody,
      answer: preferencesResource,
      message: 'profile:messages.preferences_saved',
    },
    (actor, request) => savePreferences(deps, actor, request.body),
  );

  route.post(
    '/user/social-media',
    {
      summary: 'Set my social media links; an empty link removes it',
      body: saveSocialMediaBody,
      answer: socialMediaResource,
      message: 'profile:messages.social_media_saved',
    },
    (actor, request) => saveSocialMedia(deps, actor, request.body.social_media),
  );
}
