import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { envelope } from '@contracts/common';
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
  type ProfileCard,
} from '@contracts/profile';
import { emptyResource } from '@contracts/common';
import { requireAuth } from '../../auth/guard';
import { privacyOf } from '../../auth/privacy';
import type { DbOrTx } from '../../db/client';
import {
  userActivities,
  workspaceMembers,
  workspaces,
  type UserActivityRow,
  type UserRow,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import { displayName } from '../../core/people';
import { profileCompletionFor } from './completion';
import { normaliseLink } from './links';
import { performanceOf } from '../../core/performance-metrics';
import './performance';
import {
  loadPersonalityRow,
  presentAvailability,
  presentPersonality,
  presentSoftSkills,
  presentStoredFile,
} from './present';
import { findPerson, requireOwnProfile, requireVisible, visibilityFor } from './privacy';
import { listSkills, userSkillsOf } from './skills';
import { loadProfile, workPreferencesOf } from './store';

/** Active workspaces the viewer and the person are both in (the viewer may see these names). */
async function commonWorkspaces(db: DbOrTx, viewerId: number, personId: number) {
  if (viewerId === personId) return [];
  const theirs = alias(workspaceMembers, 'theirs');
  return db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaceMembers)
    .innerJoin(
      theirs,
      and(eq(theirs.workspaceId, workspaceMembers.workspaceId), eq(theirs.userId, personId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(
      and(
        eq(workspaceMembers.userId, viewerId),
        ne(workspaceMembers.role, 'deactive'),
        ne(theirs.role, 'deactive'),
      ),
    )
    .orderBy(asc(workspaces.name));
}

/**
 * A person the viewer may know (findPerson) as they may see them: name and picture, the rest
 * as their privacy allows.
 */
async function buildCard(db: DbOrTx, viewer: UserRow, person: UserRow): Promise<ProfileCard> {
  const visibility = await visibilityFor(db, viewer, person);
  const shown = visibility.profile;
  return {
    id: person.id,
    public_id: person.publicId,
    name: displayName(person),
    avatar_url: person.avatarUrl,
    is_deleted: person.deletedAt !== null,
    is_self: person.id === viewer.id,
    visibility,
    first_name: shown ? person.firstName : null,
    last_name: shown ? person.lastName : null,
    bio: shown ? person.bio : null,
    timezone: shown ? person.timezone : null,
    social_media: shown ? person.socialMedia : null,
    skills: visibility.skills
      ? (await userSkillsOf(db, person.id, viewer.language)).map((s) => s.name)
      : null,
    common_workspaces: await commonWorkspaces(db, viewer.id, person.id),
  };
}

function presentActivity(row: UserActivityRow) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    organization: row.organization,
    description: row.description,
    url: row.url,
    started_on: row.startedOn,
    ended_on: row.endedOn,
    created_at: row.createdAt.toISOString(),
  };
}

async function activitiesOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(userActivities)
    .where(eq(userActivities.userId, userId))
    .orderBy(desc(userActivities.startedOn), desc(userActivities.createdAt));
  return rows.map(presentActivity);
}

/**
 * Reading other people's profiles (spec 7.9 `GET user/:id/...`). Every route asks the
 * person's privacy options first: a hidden section answers 403 `privacy_hidden`.
 */
export default async function profilePeopleRoutes(app: App) {
  const { db } = app.deps;
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
    async (request) => {
      const { user } = requireAuth(request);
      return ok(await buildCard(db, user, await findPerson(db, user, request.params.id)));
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const person = await findPerson(db, user, request.params.id);
      const card = await buildCard(db, user, person);
      const shown = card.visibility.profile;
      const profile = shown ? await loadProfile(db, person.id) : null;
      const privacy = await privacyOf(db, user, [person]);
      return ok({
        ...card,
        cv: presentStoredFile(profile?.cv ?? null),
        profile_completion_percent: await profileCompletionFor(db, privacy, person),
        member_since: shown ? person.createdAt.toISOString() : null,
      });
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const person = await requireVisible(db, user, request.params.id, 'profile');
      const privacy = await privacyOf(db, user, [person]);
      return ok({ user_id: person.id, metrics: await performanceOf(db, privacy, person) });
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const person = await requireVisible(db, user, request.params.id, 'profile');
      return ok({
        user_id: person.id,
        preferences: workPreferencesOf(await loadProfile(db, person.id)),
      });
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const person = await requireVisible(db, user, request.params.id, 'skills');
      return ok({
        user_id: person.id,
        user_skills: await userSkillsOf(db, person.id, request.lang),
        skills: await listSkills(db, { userId: user.id, lang: request.lang, limit: 200 }),
      });
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const person = await requireVisible(db, user, request.params.id, 'availability');
      const privacy = await privacyOf(db, user, [person]);
      return ok(
        presentAvailability(
          person,
          await loadProfile(db, person.id),
          privacy.sees(person.id, 'profile'),
        ),
      );
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const person = await requireVisible(db, user, request.params.id, 'personality');
      const row = await loadPersonalityRow(db, person.id);
      return ok(presentPersonality(person.id, row, person.id === user.id));
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const person = await requireVisible(db, user, request.params.id, 'personality');
      return ok(presentSoftSkills(person.id, await loadPersonalityRow(db, person.id)));
    },
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
    async (request) => {
      const { user } = requireAuth(request);
      const person = await requireVisible(db, user, request.params.id, 'profile');
      return ok({ user_id: person.id, activities: await activitiesOf(db, person.id) });
    },
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
      const { user } = requireAuth(request);
      requireOwnProfile(user, request.params.id);
      const body = request.body;
      const url = body.url ? normaliseLink(body.url) : null;
      if (body.url && !url) throw validationFailed({ url: 'profile:messages.link_invalid' });
      await db.insert(userActivities).values({
        userId: user.id,
        kind: body.kind,
        title: body.title,
        organization: body.organization || null,
        description: body.description || null,
        url,
        startedOn: body.started_on ?? null,
        endedOn: body.ended_on ?? null,
      });
      return ok(
        { user_id: user.id, activities: await activitiesOf(db, user.id) },
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
      const { user } = requireAuth(request);
      requireOwnProfile(user, request.params.id);
      const removed = await db
        .delete(userActivities)
        .where(
          and(eq(userActivities.id, request.params.activity), eq(userActivities.userId, user.id)),
        )
        .returning({ id: userActivities.id });
      if (removed.length === 0) throw notFound();
      return ok({}, 'profile:messages.activity_removed');
    },
  );
}
