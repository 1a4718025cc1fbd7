import type { z } from 'zod';
import { accountEndpoints } from '@contracts/endpoints/account';
import type {
  saveSkillsBody,
  activitiesResource,
  availabilityResource,
  createActivityBody,
  cvResource,
  pageInformation,
  performanceResource,
  personalityQuestion,
  savePreferencesBody,
  softSkillsResource,
  userSkillsResource,
} from '@contracts/profile';
import { profileEndpoints as endpoints } from '@contracts/endpoints/profile';
import { api } from '@/lib/http';

export type { PersonalityResource as Personality, WorkPreferences } from '@contracts/profile';
export type PersonalityQuestion = z.infer<typeof personalityQuestion>;
export type Availability = z.infer<typeof availabilityResource>;
export type UserSkills = z.infer<typeof userSkillsResource>;
export type PageInformation = z.infer<typeof pageInformation>;
export type Activities = z.infer<typeof activitiesResource>;
export type Performance = z.infer<typeof performanceResource>;
export type SoftSkills = z.infer<typeof softSkillsResource>;
export type Cv = z.infer<typeof cvResource>['cv'];

/** Query keys of the profile area, one helper so invalidation stays in step. */
export const profileKeys = {
  all: ['profile'] as const,
  questions: (language: string) => ['profile', 'questions', language] as const,
  section: (userRef: string | number, section: string) =>
    ['profile', String(userRef), section] as const,
  person: (userRef: string | number) => ['profile', String(userRef)] as const,
  timezones: ['core', 'timezones'] as const,
};

/** Pages that read a person show their own "not shown" states, so those calls keep quiet. */
const quiet = { hideMessages: true };
const of = (ref: string | number) => ({ params: { id: ref } });

/** Spec 7.9 and 7.14: the calls of the profile area. */
export const profileApi = {
  questions: () =>
    api.call(endpoints.questions, { query: { type: 'personality' } }).then((r) => r.questions),
  /** Reads of a person; hidden sections answer 403, which the page shows in place. */
  personality: (ref: string | number) => api.call(endpoints.personality, of(ref), quiet),
  availability: (ref: string | number) => api.call(endpoints.availability, of(ref), quiet),
  userSkills: (ref: string | number) => api.call(endpoints.userSkills, of(ref), quiet),
  pageInformation: (ref: string | number) => api.call(endpoints.pageInformation, of(ref), quiet),
  performance: (ref: string | number) => api.call(endpoints.performance, of(ref), quiet),
  activities: (ref: string | number) => api.call(endpoints.activities, of(ref), quiet),
  preferences: (ref: string | number) =>
    api.call(endpoints.preferences, of(ref), quiet).then((r) => r.preferences),
  softSkills: (ref: string | number) => api.call(endpoints.softSkills, of(ref), quiet),

  /** Quiet saves (turning a page) show no message; saving and closing or finishing does. */
  savePersonality: (answers: Record<string, number>, quiet = false) =>
    api.envelope(endpoints.savePersonality, { body: { answers } }, { hideMessages: quiet }),
  saveAvailability: (slots: number[]) => api.call(endpoints.saveAvailability, { body: { slots } }),
  /** No toast: each pick saves at once and the list below the picker shows it. */
  saveSkills: (skills: z.input<typeof saveSkillsBody>['skills']) =>
    api.call(endpoints.saveSkills, { body: { skills } }, quiet),
  savePreferences: (body: z.input<typeof savePreferencesBody>) =>
    api.call(endpoints.savePreferences, { body }).then((r) => r.preferences),
  saveSocialMedia: (links: Record<string, string>) =>
    api.call(endpoints.saveSocialMedia, { body: { social_media: links } }),
  /** Saved with the basics, whose "saved" toast speaks for both: one save, one toast. */
  saveTimezone: (timezone: string) =>
    api.call(accountEndpoints.setTimezone, { body: { timezone } }, quiet),
  saveBasics: (body: { first_name?: string; last_name?: string; bio?: string | null }) =>
    api.call(accountEndpoints.update, { body }),
  timezones: () => api.call(accountEndpoints.timezones).then((r) => r.timezones),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('avatar', file);
    return api.call(endpoints.uploadAvatar, { body: form });
  },
  removeAvatar: () => api.call(endpoints.removeAvatar),
  uploadCv: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.call(endpoints.uploadCv, { body: form });
  },
  removeCv: () => api.call(endpoints.removeCv),
  downloadCv: async (ref: string | number) => {
    const file = await api.download(endpoints.cv, of(ref));
    return { blob: file.blob, filename: file.filename ?? 'cv' };
  },
  addActivity: (ref: string | number, body: z.input<typeof createActivityBody>) =>
    api.call(endpoints.addActivity, { params: { id: ref }, body }),
  removeActivity: (ref: string | number, id: number) =>
    api.envelope(endpoints.removeActivity, { params: { id: ref, activity: id } }),
};
