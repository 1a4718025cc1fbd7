import { eq } from 'drizzle-orm';
import { privacyOptions } from '@contracts/auth';
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
import { personalityAnswers, users } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { privacyOptionsOf } from '../../auth/privacy';
import { normaliseLink } from './links';
import { answeredCount } from './personality';
import { loadPersonalityRow, presentAvailability, presentPersonality } from './present';
import {
  ensureSkills,
  listSkills,
  replaceUserSkills,
  userSkillsOf,
  visibleSkillIds,
} from './skills';
import { loadProfile, notificationSettingsOf, saveProfile, workPreferencesOf } from './store';
import { PERSONALITY_ITEM_COUNT } from '@contracts/profile';

/** The signed-in person's own profile settings (spec 7.9 `POST user/...`). */
export default async function profileSettingsRoutes(app: App) {
  const { db } = app.deps;
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
    async (request) => {
      const { user } = requireAuth(request);
      const entries = request.body.skills;
      const ids = entries.flatMap((e) => (e.skill_id === undefined ? [] : [e.skill_id]));
      await db.transaction(async (tx) => {
        const known = await visibleSkillIds(tx, user.id, ids);
        const unknown = entries.findIndex(
          (e) => e.skill_id !== undefined && !known.has(e.skill_id),
        );
        if (unknown >= 0) {
          throw validationFailed({
            [`skills.${unknown}.skill_id`]: 'profile:messages.skill_unknown',
          });
        }
        const byName = await ensureSkills(
          tx,
          entries.flatMap((e) => (e.name === undefined ? [] : [e.name])),
          user.id,
        );
        await replaceUserSkills(
          tx,
          user.id,
          entries.map((e) => ({
            skillId: e.skill_id ?? byName.get(e.name!.toLowerCase())!,
            level: e.level ?? null,
          })),
        );
      });
      return ok(
        {
          user_id: user.id,
          user_skills: await userSkillsOf(db, user.id, request.lang),
          skills: await listSkills(db, { userId: user.id, lang: request.lang, limit: 200 }),
        },
        'profile:messages.skills_saved',
      );
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const slots = [...request.body.slots].sort((a, b) => a - b);
      const profile = await saveProfile(db, user.id, {
        availability: slots,
        availabilityUpdatedAt: new Date(),
      });
      return ok(presentAvailability(user, profile), 'profile:messages.availability_saved');
    },
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
      const { user } = requireAuth(request);
      const row = await db.transaction(async (tx) => {
        const current = await loadPersonalityRow(tx, user.id);
        const answers = { ...(current?.answers ?? {}), ...request.body.answers };
        const finished = answeredCount(answers) === PERSONALITY_ITEM_COUNT;
        const completedAt = current?.completedAt ?? (finished ? new Date() : null);
        const [saved] = await tx
          .insert(personalityAnswers)
          .values({ userId: user.id, answers, completedAt })
          .onConflictDoUpdate({
            target: personalityAnswers.userId,
            set: { answers, completedAt, updatedAt: new Date() },
          })
          .returning();
        return saved;
      });
      const resource = presentPersonality(user.id, row, true);
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
    async (request) => {
      const { user } = requireAuth(request);
      const merged = privacyOptions.parse({ ...privacyOptionsOf(user), ...request.body });
      const [updated] = await db
        .update(users)
        .set({ privacyOptions: merged, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return ok({ privacy_options: privacyOptionsOf(updated) }, 'profile:messages.privacy_saved');
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const [updated] = await db
        .update(users)
        .set({
          notificationSettings: {
            ...notificationSettingsOf(user),
            ...request.body.notification_settings,
          },
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      return ok(
        { notification_settings: notificationSettingsOf(updated) },
        'profile:messages.notifications_saved',
      );
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const current = workPreferencesOf(await loadProfile(db, user.id));
      const preferences = {
        ...current,
        ...request.body,
        preferred_roles: [...new Set(request.body.preferred_roles ?? current.preferred_roles)],
      };
      const profile = await saveProfile(db, user.id, { workPreferences: preferences });
      return ok(
        { user_id: user.id, preferences: workPreferencesOf(profile) },
        'profile:messages.preferences_saved',
      );
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const links = { ...user.socialMedia };
      const invalid: Record<string, string> = {};
      for (const [network, value] of Object.entries(request.body.social_media)) {
        if (!value) {
          delete links[network];
          continue;
        }
        const link = normaliseLink(value);
        if (link) links[network] = link;
        else invalid[`social_media.${network}`] = 'profile:messages.link_invalid';
      }
      if (Object.keys(invalid).length > 0) throw validationFailed(invalid);
      const [updated] = await db
        .update(users)
        .set({ socialMedia: links, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return ok({ social_media: updated.socialMedia }, 'profile:messages.social_media_saved');
    },
  );
}
