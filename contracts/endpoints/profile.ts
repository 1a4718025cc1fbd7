import { endpoint } from '../endpoint';
import type {
  activitiesResource,
  availabilityResource,
  avatarResource,
  createActivityBody,
  cvResource,
  pageInformation,
  performanceResource,
  personalityResource,
  preferencesResource,
  questionsQuery,
  questionsResource,
  saveAvailabilityBody,
  savePersonalityBody,
  savePreferencesBody,
  saveSkillsBody,
  saveSocialMediaBody,
  skillsQuery,
  skillsResource,
  socialMediaResource,
  softSkillsResource,
  userSkillsResource,
} from '../profile';
import type { emptyResource } from '../common';

/** Spec 7.9 and 7.14: a person's profile (`:id` is an id or `me`). */
export const profileEndpoints = {
  questions: endpoint('GET', 'core/questions').of<{
    query: typeof questionsQuery;
    response: typeof questionsResource;
  }>(),
  skills: endpoint('GET', 'core/skills').of<{
    query: typeof skillsQuery;
    response: typeof skillsResource;
  }>(),
  personality: endpoint('GET', 'core/user/:id/personality').of<{
    response: typeof personalityResource;
  }>(),
  availability: endpoint('GET', 'core/user/:id/availability').of<{
    response: typeof availabilityResource;
  }>(),
  userSkills: endpoint('GET', 'core/user/:id/skills').of<{ response: typeof userSkillsResource }>(),
  pageInformation: endpoint('GET', 'core/user/:id/page-information').of<{
    response: typeof pageInformation;
  }>(),
  performance: endpoint('GET', 'core/user/:id/page-information/performance').of<{
    response: typeof performanceResource;
  }>(),
  activities: endpoint('GET', 'core/user/:id/activities').of<{
    response: typeof activitiesResource;
  }>(),
  preferences: endpoint('GET', 'core/user/:id/preferences').of<{
    response: typeof preferencesResource;
  }>(),
  softSkills: endpoint('GET', 'core/user/:id/soft-skills').of<{
    response: typeof softSkillsResource;
  }>(),
  cv: endpoint('GET', 'core/user/:id/cv').of<{ response: 'file' }>(),
  savePersonality: endpoint('POST', 'core/user/personality').of<{
    body: typeof savePersonalityBody;
    response: typeof personalityResource;
  }>(),
  saveAvailability: endpoint('POST', 'core/user/availability').of<{
    body: typeof saveAvailabilityBody;
    response: typeof availabilityResource;
  }>(),
  saveSkills: endpoint('POST', 'core/user/skills').of<{
    body: typeof saveSkillsBody;
    response: typeof userSkillsResource;
  }>(),
  savePreferences: endpoint('POST', 'core/user/preferences').of<{
    body: typeof savePreferencesBody;
    response: typeof preferencesResource;
  }>(),
  saveSocialMedia: endpoint('POST', 'core/user/social-media').of<{
    body: typeof saveSocialMediaBody;
    response: typeof socialMediaResource;
  }>(),
  uploadAvatar: endpoint('POST', 'core/user/avatar').of<{
    body: 'form';
    response: typeof avatarResource;
  }>(),
  removeAvatar: endpoint('DELETE', 'core/user/avatar').of<{ response: typeof avatarResource }>(),
  uploadCv: endpoint('POST', 'core/user/cv').of<{ body: 'form'; response: typeof cvResource }>(),
  removeCv: endpoint('DELETE', 'core/user/cv').of<{ response: typeof cvResource }>(),
  addActivity: endpoint('POST', 'core/user/:id/activities').of<{
    body: typeof createActivityBody;
    response: typeof activitiesResource;
  }>(),
  removeActivity: endpoint('DELETE', 'core/user/:id/activities/:activity').of<{
    response: typeof emptyResource;
  }>(),
};
