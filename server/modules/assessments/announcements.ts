import { envelope, idParam } from '@contracts/common';
import {
  announcementAnswersBody,
  announcementQuestions,
  announcementReminders as announcementRemindersSchema,
  assessmentResource,
  createAnnouncementBody,
} from '@contracts/assessments';
import { ok } from '../../http/envelope';
import { operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { actorOf } from '../../core/workspace-access';
import { announcementReminders } from './operations/announcement-reminders';
import { answerAnnouncement, showAnnouncement } from './operations/answer-announcement';
import { createAnnouncement } from './operations/create-announcement';

const tags = ['announcements'];

/** Announcements (spec 7.21, operations/answer-announcement.ts): HTTP over their operations. */
export default async function announcementRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  app.post(
    '/workspaces/:id/announcements',
    {
      schema: {
        tags,
        summary: 'An announcement with questions for everyone in the workspace',
        params: idParam,
        body: createAnnouncementBody,
        response: { 201: envelope(assessmentResource) },
      },
    },
    async (request, reply) => {
      const assessment = await createAnnouncement(deps, actorOf(request), {
        ...request.body,
        workspaceId: request.params.id,
      });
      return reply.status(201).send(ok({ assessment }, 'assessments:messages.created'));
    },
  );

  app.get(
    '/announcements/reminder',
    {
      schema: {
        tags,
        summary: "Open announcements of the caller's workspaces they have not answered",
        response: { 200: envelope(announcementRemindersSchema) },
      },
    },
    async (request) => ok({ announcements: await announcementReminders(deps, actorOf(request)) }),
  );

  route.get(
    '/announcements/:id/questions',
    {
      summary: "An announcement's questions with the caller's answers",
      params: idParam,
      answer: announcementQuestions,
    },
    (actor, request) => showAnnouncement(deps, actor, request.params.id),
  );

  route.post(
    '/announcements/:id/questions',
    {
      summary: 'Answer an announcement; its reminder goes away',
      params: idParam,
      body: announcementAnswersBody,
      answer: announcementQuestions,
      message: 'assessments:messages.submitted',
    },
    (actor, request) =>
      answerAnnouncement(deps, actor, {
        ...request.body,
        id: request.params.id,
      }),
  );
}
