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
  const params = userRefParam;

  app.get(
    '/user/:id/modal-information',
    {
      schema: {
        tags,
        summary: 'A person as a card: identity, and what their privacy lets the caller see',
        params,
        response: { 200: envelope(profileCard) },
      },
    },
    async (request) => ok(await showPersonCard(deps, actorOf(request), personRef(request))),
  );

  app.get(
    '/user/:id/page-information',
    {
      schema: {
        tags,
        summary: "A person's profile page",
        params,
        response: { 200: envelope(pageInformation) },
      },
    },
    async (request) => ok(await showPersonPage(deps, actorOf(request), personRef(request))),
  );

  app.get(
    '/user/:id/page-information/performance',
    {
      schema: {
        tags,
        summary: "Figures of a person's work",
        params,
        response: { 200: envelope(performanceResource) },
      },
    },
    async (request) => ok(await showPerformance(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/user/:id/preferences',
    {
      schema: {
        tags,
        summary: 'How a person likes to work',
        params,
        response: { 200: envelope(preferencesResource) },
      },
    },
    async (request) => ok(await showPreferences(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/user/:id/skills',
    {
      schema: {
        tags,
        summary: "A person's skills (user_skills) and the catalogue (skills)",
        params,
        response: { 200: envelope(userSkillsResource) },
      },
    },
    async (request) =>
      ok(
        await showUserSkills(deps, actorOf(request), {
          ref: request.params.id,
          lang: request.lang,
        }),
      ),
  );

  app.get(
    '/user/:id/availability',
    {
      schema: {
        tags,
        summary: "A person's free hours of the week, as UTC hour-of-week slots",
        params,
        response: { 200: envelope(availabilityResource) },
      },
    },
    async (request) => ok(await showAvailability(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/user/:id/personality',
    {
      schema: {
        tags,
        summary: "A person's self-assessment result (their own answers only for themself)",
        params,
        response: { 200: envelope(personalityResource) },
      },
    },
    async (request) => ok(await showPersonality(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/user/:id/soft-skills',
    {
      schema: {
        tags,
        summary: 'Soft skills read from the self-assessment',
        params,
        response: { 200: envelope(softSkillsResource) },
      },
    },
    async (request) => ok(await showSoftSkills(deps, actorOf(request), request.params.id)),
  );

  app.get(
    '/user/:id/activities',
    {
      schema: {
        tags,
        summary: 'Projects, work, courses and awards a person lists',
        params,
        response: { 200: envelope(activitiesResource) },
      },
    },
    async (request) => ok(await listActivities(deps, actorOf(request), request.params.id)),
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
