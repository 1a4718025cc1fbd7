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
import { HIDE_MESSAGE, http, type Envelope } from '@/lib/http';

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

const get = async <T>(url: string, hideMessages = false) =>
  (await http.get<Envelope<T>>(url, hideMessages ? HIDE_MESSAGE : undefined)).data.resource;
const post = async <T>(url: string, body: unknown) =>
  (await http.post<Envelope<T>>(url, body)).data.resource;

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
  savePersonality: async (answers: Record<string, number>, quiet = false) =>
    (
      await http.post<Envelope<Personality>>(
        'core/user/personality',
        { answers },
        quiet ? HIDE_MESSAGE : undefined,
      )
    ).data,
  saveAvailability: (slots: number[]) => post<Availability>('core/user/availability', { slots }),
  /** No toast: each pick saves at once and the list below the picker shows it. */
  saveSkills: async (skills: { skill_id?: number; name?: string; level?: number | null }[]) =>
    (await http.post<Envelope<UserSkills>>('core/user/skills', { skills }, HIDE_MESSAGE)).data
      .resource,
  savePreferences: (body: z.input<typeof savePreferencesBody>) =>
    post<{ preferences: WorkPreferences }>('core/user/preferences', body).then(
      (r) => r.preferences,
    ),
  saveSocialMedia: (links: Record<string, string>) =>
    post<{ social_media: Record<string, string> }>('core/user/social-media', {
      social_media: links,
    }),
  /** Saved with the basics, whose "saved" toast speaks for both: one save, one toast. */
  saveTimezone: async (timezone: string) =>
    (await http.put<Envelope<CurrentUser>>('core/user/timezone', { timezone }, HIDE_MESSAGE)).data
      .resource,
  saveBasics: async (body: { first_name?: string; last_name?: string; bio?: string | null }) =>
    (await http.patch<Envelope<CurrentUser>>('core/user', body)).data.resource,
  timezones: () =>
    get<{ timezones: { name: string; offset: string }[] }>('core/timezones').then(
      (r) => r.timezones,
    ),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('avatar', file);
    return post<{ avatar_url: string }>('core/user/avatar', form);
  },
  removeAvatar: async () =>
    (await http.delete<Envelope<{ avatar_url: null }>>('core/user/avatar')).data.resource,
  uploadCv: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return post<{ cv: Cv }>('core/user/cv', form);
  },
  removeCv: async () => (await http.delete<Envelope<{ cv: null }>>('core/user/cv')).data.resource,
  downloadCv: async (ref: string | number) => {
    const response = await http.get<Blob>(`core/user/${ref}/cv`, { responseType: 'blob' });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
    return { blob: response.data, filename: encoded ? decodeURIComponent(encoded) : 'cv' };
  },
  addActivity: (ref: string | number, body: z.input<typeof createActivityBody>) =>
    post<Activities>(`core/user/${ref}/activities`, body),
  removeActivity: async (ref: string | number, id: number) =>
    (await http.delete<Envelope<Record<string, never>>>(`core/user/${ref}/activities/${id}`)).data,
};
