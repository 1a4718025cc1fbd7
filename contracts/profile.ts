import { z } from 'zod';
import { MAX_ID, rowId, rowIdText } from './common';
import { privacyOptions } from './auth';

/** `user/:id/...`: a numeric id or a public id (uuid), as profile links carry either. */
export const userRefParam = z.object({
  id: z
    .string()
    .regex(/^(\d{1,10}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i)
    .refine((ref) => !/^\d+$/.test(ref) || Number(ref) <= MAX_ID),
});

// ---------------------------------------------------------------- self-assessment (IPIP-50)

export const FACTORS = ['E', 'A', 'C', 'ES', 'I'] as const;
export const factor = z.enum(FACTORS);
export type Factor = (typeof FACTORS)[number];
export const PERSONALITY_ITEM_COUNT = 50;
export const PERSONALITY_BANDS = ['low', 'average', 'high'] as const;
export type PersonalityBand = (typeof PERSONALITY_BANDS)[number];

export const QUESTION_TYPES = ['personality'] as const;
export const questionsQuery = z.object({ type: z.enum(QUESTION_TYPES) });
export const personalityQuestion = z.object({
  id: z.number().int(),
  order: z.number().int(),
  factor,
  text: z.string(),
});
export const questionsResource = z.object({ questions: z.array(personalityQuestion) });

/** Item order ("1".."50") to an answer 1 (very inaccurate) .. 5 (very accurate). */
export const personalityAnswers = z.record(
  z.string().regex(/^([1-9]|[1-4]\d|50)$/),
  z.number().int().min(1).max(5),
);
/** Saving merges: answers already given stay unless given again (save and close keeps them). */
export const savePersonalityBody = z.object({ answers: personalityAnswers });

export const factorResult = z.object({
  factor,
  /** Sum of the factor's ten items, 10-50. */
  score: z.number().int().min(10).max(50),
  /** Percentile in the reference sample, 1-99. */
  percentile: z.number().int().min(1).max(99),
  band: z.enum(PERSONALITY_BANDS),
});
export type FactorResult = z.infer<typeof factorResult>;

export const personalityResource = z.object({
  user_id: z.number().int(),
  answered: z.number().int(),
  total: z.number().int(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  /** Only the person themself sees their answers; others see the result. */
  answers: personalityAnswers.optional(),
  result: z.array(factorResult).nullable(),
});
export type PersonalityResource = z.infer<typeof personalityResource>;

/** Soft skills read from the self-assessment: one per factor, in plain words. */
export const SOFT_SKILLS: Record<Factor, string> = {
  E: 'outreach',
  A: 'collaboration',
  C: 'reliability',
  ES: 'composure',
  I: 'creativity',
};
export const softSkill = z.object({
  key: z.string(),
  factor,
  level: z.enum(PERSONALITY_BANDS),
});
export const softSkillsResource = z.object({
  user_id: z.number().int(),
  soft_skills: z.array(softSkill),
});

// ---------------------------------------------------------------- availability

export const HOURS_PER_WEEK = 168;
/** Hour of the week in UTC: day * 24 + hour, Monday 00:00 UTC = 0 .. Sunday 23:00 UTC = 167. */
export const weekSlot = z
  .number()
  .int()
  .min(0)
  .max(HOURS_PER_WEEK - 1);
export const saveAvailabilityBody = z.object({
  slots: z
    .array(weekSlot)
    .max(HOURS_PER_WEEK)
    .refine((slots) => new Set(slots).size === slots.length, 'Each slot may appear once.'),
});
export const availabilityResource = z.object({
  user_id: z.number().int(),
  slots: z.array(weekSlot),
  /** Null when the person keeps their profile (where the time zone lives) from the caller. */
  timezone: z.string().nullable(),
  updated_at: z.string().nullable(),
});

// ---------------------------------------------------------------- skills

/** Categories of the shipped skills catalogue; a workspace's own skills have none. */
export const SKILL_CATEGORIES = [
  'programming_languages',
  'software_engineering',
  'web_mobile',
  'data_ai',
  'cloud_devops',
  'security',
  'design',
  'product_project',
  'business',
  'marketing_sales',
  'finance',
  'office_tools',
  'languages',
  'communication',
  'leadership',
  'teamwork',
  'thinking',
  'personal_effectiveness',
  'engineering_science',
  'education_health',
  'arts_media',
] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

/** A catalogue skill, named in the caller's language. */
export const skill = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(SKILL_CATEGORIES).nullable(),
  /** Set for a skill only that workspace sees. */
  workspace_id: z.number().int().nullable(),
});
export const skillName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[^<>]+$/);
export const skillsQuery = z.object({
  /** Matches the English or Vietnamese name, ignoring case and accents. */
  search: z.string().trim().max(60).optional(),
  /** Narrows workspace skills to this workspace (the shared ones are always there). */
  workspace_id: rowIdText.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});
export const skillsResource = z.object({ skills: z.array(skill) });
/** `POST core/workspaces/:id/skills`: a skill only this workspace sees. */
export const workspaceSkillBody = z.object({
  name: skillName,
  name_vi: skillName.optional(),
});
export const workspaceSkillResource = z.object({ skill });
export const userSkill = z.object({
  skill_id: z.number().int(),
  name: z.string(),
  level: z.number().int().min(1).max(5).nullable(),
});
export const userSkillsResource = z.object({
  user_id: z.number().int(),
  user_skills: z.array(userSkill),
  /** The catalogue to pick from (most used first). */
  skills: z.array(skill),
});
/** The person's whole list: each entry names a catalogue skill by id or a (new) skill by name. */
export const saveSkillsBody = z.object({
  skills: z
    .array(
      z
        .object({
          skill_id: rowId.optional(),
          name: skillName.optional(),
          level: z.number().int().min(1).max(5).nullable().optional(),
        })
        .refine((entry) => (entry.skill_id === undefined) !== (entry.name === undefined), {
          message: 'Give either skill_id or name.',
        }),
    )
    .max(50),
});

// ---------------------------------------------------------------- privacy and notifications

export const privacyResource = z.object({ privacy_options: privacyOptions });
export const savePrivacyBody = privacyOptions.partial();

/** What a person can be told about, and by which channel; every switch defaults to on. */
export const NOTIFICATION_EVENTS = [
  'task_assigned',
  'task_submitted',
  'task_due',
  'task_reviewed',
  'workspace_invited',
  'meeting_invited',
  'assessment_assigned',
  'team_request',
  'team_formed',
  'mention',
  'chat_message',
  'weekly_digest',
] as const;
export const NOTIFICATION_CHANNELS = ['email', 'in_app', 'email_digest'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_SETTING_KEYS = NOTIFICATION_EVENTS.flatMap((event) =>
  NOTIFICATION_CHANNELS.map((channel) => `${event}_${channel}`),
);
/** Every switch is on unless turned off, but the daily digest, which one asks for. */
export function notificationSettingDefault(key: string): boolean {
  return !key.endsWith('_email_digest');
}
export const notificationSettings = z.record(z.string(), z.boolean());
export const notificationsResource = z.object({ notification_settings: notificationSettings });
export const saveNotificationsBody = z.object({
  notification_settings: z
    .record(z.string(), z.boolean())
    .refine(
      (settings) => Object.keys(settings).every((k) => NOTIFICATION_SETTING_KEYS.includes(k)),
      {
        message: 'Unknown notification setting.',
      },
    ),
});

// ---------------------------------------------------------------- preferences, social media

export const WORK_STYLES = ['async', 'sync', 'mixed'] as const;
export const COMMUNICATION_CHANNELS = ['chat', 'calls', 'in_person'] as const;
export const TEAM_ROLES = [
  'leader',
  'organizer',
  'researcher',
  'builder',
  'designer',
  'presenter',
  'writer',
  'tester',
] as const;
export const workPreferences = z.object({
  preferred_roles: z.array(z.enum(TEAM_ROLES)).max(TEAM_ROLES.length),
  work_style: z.enum(WORK_STYLES).nullable(),
  communication: z.enum(COMMUNICATION_CHANNELS).nullable(),
  goals: z.string().max(500).nullable(),
});
export type WorkPreferences = z.infer<typeof workPreferences>;
export const preferencesResource = z.object({
  user_id: z.number().int(),
  preferences: workPreferences,
});
export const savePreferencesBody = workPreferences.partial();

export const SOCIAL_NETWORKS = [
  'linkedin',
  'github',
  'facebook',
  'twitter',
  'instagram',
  'youtube',
  'website',
] as const;
/** An empty string removes the link. */
export const saveSocialMediaBody = z.object({
  social_media: z.partialRecord(z.enum(SOCIAL_NETWORKS), z.string().trim().max(300)),
});
export const socialMediaResource = z.object({ social_media: z.record(z.string(), z.string()) });

// ---------------------------------------------------------------- files

export const storedFileInfo = z.object({
  name: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
  uploaded_at: z.string(),
});
export const avatarResource = z.object({ avatar_url: z.string().nullable() });
export const cvResource = z.object({ cv: storedFileInfo.nullable() });

// ---------------------------------------------------------------- activities

export const ACTIVITY_KINDS = [
  'project',
  'work',
  'volunteering',
  'course',
  'award',
  'other',
] as const;
const isoDate = z.iso.date();
export const activity = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_KINDS),
  title: z.string(),
  organization: z.string().nullable(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  started_on: z.string().nullable(),
  ended_on: z.string().nullable(),
  created_at: z.string(),
});
export const activitiesResource = z.object({
  user_id: z.number().int(),
  activities: z.array(activity),
});
export const createActivityBody = z
  .object({
    kind: z.enum(ACTIVITY_KINDS),
    title: z.string().trim().min(1).max(200),
    organization: z.string().trim().max(200).nullable().optional(),
    description: z.string().trim().max(2000).nullable().optional(),
    url: z.string().trim().max(300).nullable().optional(),
    started_on: isoDate.nullable().optional(),
    ended_on: isoDate.nullable().optional(),
  })
  .refine((a) => !a.started_on || !a.ended_on || a.started_on <= a.ended_on, {
    message: 'The end comes after the start.',
    path: ['ended_on'],
  });
export const activityParams = userRefParam.extend({
  activity: rowIdText,
});

// ---------------------------------------------------------------- profile pages

/** Which sections the caller may see, from the person's privacy options. */
export const profileVisibility = z.object({
  profile: z.boolean(),
  skills: z.boolean(),
  availability: z.boolean(),
  personality: z.boolean(),
});
export type ProfileVisibility = z.infer<typeof profileVisibility>;

export const profileCard = z.object({
  id: z.number().int(),
  public_id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  is_deleted: z.boolean(),
  is_self: z.boolean(),
  visibility: profileVisibility,
  /** The rest is null when the person keeps their profile from the caller. */
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  bio: z.string().nullable(),
  timezone: z.string().nullable(),
  social_media: z.record(z.string(), z.string()).nullable(),
  skills: z.array(z.string()).nullable(),
  common_workspaces: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProfileCard = z.infer<typeof profileCard>;

export const pageInformation = profileCard.extend({
  cv: storedFileInfo.nullable(),
  profile_completion_percent: z.number().int().nullable(),
  member_since: z.string().nullable(),
});

/** Figures of a person's work; other modules add theirs (tasks submitted, reviews given). */
export const performanceResource = z.object({
  user_id: z.number().int(),
  metrics: z.array(z.object({ key: z.string(), value: z.number() })),
});
