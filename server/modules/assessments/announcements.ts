import { idParam } from '@contracts/common';
import {
  announcementAnswersBody,
  announcementQuestions,
  announcementReminders as announcementRemindersSchema,
  assessmentResource,
  createAnnouncementBody,
} from '@contracts/assessments';
import { answerAs, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { announcementReminders } from './operations/announcement-reminders';
import { answerAnnouncement, showAnnouncement } from './operations/answer-announcement';
import { createAnnouncement } from './operations/create-announcement';

const tags = ['announcements'];

/** Announcements (spec 7.21, operations/answer-announcement.ts): HTTP over their operations. */
export default async function announcementRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);

  route.post(
    '/workspaces/:id/announcements',
    {
      summary: 'An announcement with questions for everyone in the workspace',
      params: idParam,
      body: createAnnouncementBody,
      answer: assessmentResource,
      status: 201,
      message: 'assessments:messages.created',
    },
    (actor, request) =>
      answerAs(
        'assessment',
        createAnnouncement(deps, actor, {
          ...request.body,
          workspaceId: request.params.id,
        }),
      ),
  );

  route.get(
    '/announcements/reminder',
    {
      summary: "Open announcements of the caller's workspaces they have not answered",
      answer: announcementRemindersSchema,
    },
    async (actor) => ({ announcements: await announcementReminders(deps, actor) }),
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
