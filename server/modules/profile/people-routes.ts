import type { FastifyRequest } from 'fastify';
import { emptyResource, envelope } from '@contracts/common';
import {
  activitiesResource,
  activityParams,
  availabilityResource,
  createActivityBody,
  pageInformation,
  performanceResource,
  personalityResource,
  preferencesResource,
  profileCard,
  softSkillsResource,
  userRefParam,
  userSkillsResource,
} from '@contracts/profile';
import { requireAuth } from '../../auth/guard';
import { actorOf } from '../../core/workspace-access';
import { ok } from '../../http/envelope';
import { idRoutes, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { addActivity } from './operations/add-activity';
import { listActivities } from './operations/list-activities';
import { removeActivity } from './operations/remove-activity';
import { showAvailability } from './operations/show-availability';
import { showPerformance } from './operations/show-performance';
import { showPersonCard } from './operations/show-person-card';
import { showPersonPage } from './operations/show-person-page';
import { showPersonality, showSoftSkills } from './operations/show-personality';
import { showPreferences } from './operations/show-preferences';
import { showUserSkills } from './operations/show-user-skills';
import { requireOwnProfile } from './privacy';

/** The person a `user/:id` route names, with the caller's own language for their skills. */
function personRef(request: FastifyRequest & { params: { id: string } }) {
  return { ref: request.params.id, lang: requireAuth(request).user.language };
}

/**
 * Reading other people's profiles (spec 7.9 `GET user/:id/...`). Every route asks the
 * person's privacy options first: a hidden section answers 403 `privacy_hidden`.
 */
export default async function profilePeopleRoutes(app: App) {
  const { deps } = app;
  const tags = ['profile'];
  const route = operationRoutes(app, tags);
  const params = userRefParam;
  const onPerson = idRoutes(app, tags, params);

  route.get(
    '/user/:id/modal-information',
    {
      summary: 'A person as a card: identity, and what their privacy lets the caller see',
      params,
      answer: profileCard,
    },
    (actor, request) => showPersonCard(deps, actor, personRef(request)),
  );

  route.get(
    '/user/:id/page-information',
    { summary: "A person's profile page", params, answer: pageInformation },
    (actor, request) => showPersonPage(deps, actor, personRef(request)),
  );

  onPerson.get(
    '/user/:id/page-information/performance',
    { summary: "Figures of a person's work", answer: performanceResource },
    showPerformance,
  );

  onPerson.get(
    '/user/:id/preferences',
    { summary: 'How a person likes to work', answer: preferencesResource },
    showPreferences,
  );

  route.get(
    '/user/:id/skills',
    {
      summary: "A person's skills (user_skills) and the catalogue (skills)",
      params,
      answer: userSkillsResource,
    },
    (actor, request) =>
      showUserSkills(deps, actor, {
        ref: request.params.id,
        lang: request.lang,
      }),
  );

  onPerson.get(
    '/user/:id/availability',
    {
      summary: "A person's free hours of the week, as UTC hour-of-week slots",
      answer: availabilityResource,
    },
    showAvailability,
  );

  onPerson.get(
    '/user/:id/personality',
    {
      summary: "A person's self-assessment result (their own answers only for themself)",
      answer: personalityResource,
    },
    showPersonality,
  );

  onPerson.get(
    '/user/:id/soft-skills',
    { summary: 'Soft skills read from the self-assessment', answer: softSkillsResource },
    showSoftSkills,
  );

  onPerson.get(
    '/user/:id/activities',
    {
      summary: 'Projects, work, courses and awards a person lists',
      answer: activitiesResource,
    },
    listActivities,
  );

  app.post(
    '/user/:id/activities',
    {
      schema: {
        tags,
        summary: 'Add an activity to my profile',
        params,
        body: createActivityBody,
        response: { 200: envelope(activitiesResource) },
      },
    },
    async (request) => {
      requireOwnProfile(requireAuth(request).user, request.params.id);
      return ok(
        await addActivity(deps, actorOf(request), request.body),
        'profile:messages.activity_added',
      );
    },
  );

  app.delete(
    '/user/:id/activities/:activity',
    {
      schema: {
        tags,
        summary: 'Remove an activity from my profile',
        params: activityParams,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      requireOwnProfile(requireAuth(request).user, request.params.id);
      return ok(
        await removeActivity(deps, actorOf(request), request.params.activity),
        'profile:messages.activity_removed',
      );
    },
  );
}
