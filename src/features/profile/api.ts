import type { z } from 'zod';
import type { CurrentUser } from '@contracts/auth';
import type {
  activitiesResource,
  availabilityResource,
  createActivityBody,
  cvResource,
  pageInformation,
  performanceResource,
  personalityQuestion,
  personalityResource,
  savePreferencesBody,
  softSkillsResource,
  userSkillsResource,
  workPreferences,
} from '@contracts/profile';
import { api, callEnvelope, http } from '@/lib/http';

export type PersonalityQuestion = z.infer<typeof personalityQuestion>;
export type Personality = z.infer<typeof personalityResource>;
export type Availability = z.infer<typeof availabilityResource>;
export type UserSkills = z.infer<typeof userSkillsResource>;
export type PageInformation = z.infer<typeof pageInformation>;
export type Activities = z.infer<typeof activitiesResource>;
export type WorkPreferences = z.infer<typeof workPreferences>;
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
};

/** Pages that read a person show their own "not shown" states, so those calls keep quiet. */
const get = <T>(url: string, hideMessages = false) => api.get<T>(url, { hideMessages });
const post = <T>(url: string, body: unknown) => api.post<T>(url, body);

/** Spec 7.9 and 7.14: the calls of the profile area. */
export const profileApi = {
  questions: () =>
    get<{ questions: PersonalityQuestion[] }>('core/questions?type=personality').then(
      (r) => r.questions,
    ),
  /** Reads of a person; hidden sections answer 403, which the page shows in place. */
  personality: (ref: string | number) => get<Personality>(`core/user/${ref}/personality`, true),
  availability: (ref: string | number) => get<Availability>(`core/user/${ref}/availability`, true),
  userSkills: (ref: string | number) => get<UserSkills>(`core/user/${ref}/skills`, true),
  pageInformation: (ref: string | number) =>
    get<PageInformation>(`core/user/${ref}/page-information`, true),
  performance: (ref: string | number) =>
    get<Performance>(`core/user/${ref}/page-information/performance`, true),
  activities: (ref: string | number) => get<Activities>(`core/user/${ref}/activities`, true),
  preferences: (ref: string | number) =>
    get<{ preferences: WorkPreferences }>(`core/user/${ref}/preferences`, true).then(
      (r) => r.preferences,
    ),
  softSkills: (ref: string | number) => get<SoftSkills>(`core/user/${ref}/soft-skills`, true),

  /** Quiet saves (turning a page) show no message; saving and closing or finishing does. */
  savePersonality: (answers: Record<string, number>, quiet = false) =>
    callEnvelope<Personality>(
      'post',
      'core/user/personality',
      { answers },
      { hideMessages: quiet },
    ),
  saveAvailability: (slots: number[]) => post<Availability>('core/user/availability', { slots }),
  /** No toast: each pick saves at once and the list below the picker shows it. */
  saveSkills: (skills: { skill_id?: number; name?: string; level?: number | null }[]) =>
    api.post<UserSkills>('core/user/skills', { skills }, { hideMessages: true }),
  savePreferences: (body: z.input<typeof savePreferencesBody>) =>
    post<{ preferences: WorkPreferences }>('core/user/preferences', body).then(
      (r) => r.preferences,
    ),
  saveSocialMedia: (links: Record<string, string>) =>
    post<{ social_media: Record<string, string> }>('core/user/social-media', {
      social_media: links,
    }),
  /** Saved with the basics, whose "saved" toast speaks for both: one save, one toast. */
  saveTimezone: (timezone: string) =>
    api.put<CurrentUser>('core/user/timezone', { timezone }, { hideMessages: true }),
  saveBasics: (body: { first_name?: string; last_name?: string; bio?: string | null }) =>
    api.patch<CurrentUser>('core/user', body),
  timezones: () =>
    get<{ timezones: { name: string; offset: string }[] }>('core/timezones').then(
      (r) => r.timezones,
    ),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('avatar', file);
    return post<{ avatar_url: string }>('core/user/avatar', form);
  },
  removeAvatar: () => api.delete<{ avatar_url: null }>('core/user/avatar'),
  uploadCv: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return post<{ cv: Cv }>('core/user/cv', form);
  },
  removeCv: () => api.delete<{ cv: null }>('core/user/cv'),
  downloadCv: async (ref: string | number) => {
    const response = await http.get<Blob>(`core/user/${ref}/cv`, { responseType: 'blob' });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
    return { blob: response.data, filename: encoded ? decodeURIComponent(encoded) : 'cv' };
  },
  addActivity: (ref: string | number, body: z.input<typeof createActivityBody>) =>
    post<Activities>(`core/user/${ref}/activities`, body),
  removeActivity: (ref: string | number, id: number) =>
    callEnvelope<Record<string, never>>('delete', `core/user/${ref}/activities/${id}`),
};
