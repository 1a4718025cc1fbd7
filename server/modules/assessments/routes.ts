import { z } from 'zod';
import { envelope, idParam } from '@contracts/common';
import {
  answersBody,
  assessmentList,
  assessmentListQuery,
  assessmentResource,
  assessorIdParam,
  createAssessmentBody,
  evaluableList,
  evaluablesInput,
  exportQuery,
  overallReport as overallReportSchema,
  percentage,
  questionList,
  questionsWithAnswers,
  releaseBody,
  reminderOneBody,
  reportQuery,
  reportResource,
  restoreBody,
  schemaBody,
  sentCount,
  updateAssessmentBody,
  userAnswers,
  userAssessmentBody,
  userAssessmentQuery,
  userIdParam,
  whoAssesses as whoAssessesSchema,
} from '@contracts/assessments';
import { ok } from '../../http/envelope';
import { idempotencyKeyHeaders, idempotencyKeyOf } from '../../http/idempotency-key';
import { answerAs, operationRoutes } from '../../http/operation-routes';
import type { App } from '../../http/types';
import { actorOf } from '../../core/workspace-access';
import type { ExportKind } from './exports';
import { addAssessor } from './operations/add-assessor';
import { addEvaluables } from './operations/add-evaluables';
import { answerAssessment } from './operations/answer-assessment';
import { createAssessment } from './operations/create-assessment';
import { deleteAssessment } from './operations/delete-assessment';
import { exportReport } from './operations/export-report';
import { listAssessments, STATUS_OF } from './operations/list-assessments';
import { listAssessors } from './operations/list-assessors';
import { listEvaluables } from './operations/list-evaluables';
import { listQuestions, listQuestionsToAnswer } from './operations/list-questions';
import {
  ASSESSMENT_MOVES,
  moveAssessment,
  type AssessmentMove,
} from './operations/move-assessment';
import { overallReport } from './operations/overall-report';
import { releaseAssessment } from './operations/release-assessment';
import { remindAssessors } from './operations/remind-assessors';
import { removeAssessor } from './operations/remove-assessor';
import { setAssessmentColor } from './operations/set-assessment-color';
import { showAssessment } from './operations/show-assessment';
import { showEvaluableAnswers } from './operations/show-evaluable-answers';
import { showPercentage } from './operations/show-percentage';
import { showReport } from './operations/show-report';
import { updateAssessment } from './operations/update-assessment';
import { whoAssesses } from './operations/who-assesses';

const tags = ['assessments'];

/** 360 assessments (spec 7.20): HTTP over the assessment operations. */
export default async function assessmentRoutes(app: App) {
  const { deps } = app;
  const route = operationRoutes(app, tags);
  const idSchema = { params: idParam, response: { 200: envelope(assessmentResource) } };

  app.get(
    '/workspaces/:id/assessments',
    {
      schema: {
        tags,
        summary: 'Assessments of a workspace by status (open/current, closed/previous, archived)',
        params: idParam,
        querystring: assessmentListQuery,
        response: { 200: envelope(assessmentList) },
      },
    },
    async (request) => {
      const { status } = request.query;
      // The operation refuses it (422); the log says what was asked.
      if (!STATUS_OF[status]) request.log.warn({ status }, 'status is invalid');
      return ok(
        await listAssessments(deps, actorOf(request), { workspaceId: request.params.id, status }),
      );
    },
  );

  route.post(
    '/workspaces/:id/assessments',
    {
      summary: 'Create an assessment with its questions and who assesses whom',
      params: idParam,
      body: createAssessmentBody,
      answer: assessmentResource,
      status: 201,
      message: 'assessments:messages.created',
    },
    (actor, request) =>
      answerAs(
        'assessment',
        createAssessment(deps, actor, {
          ...request.body,
          workspaceId: request.params.id,
        }),
      ),
  );

  app.get(
    '/assessments/:id',
    { schema: { tags, summary: 'One assessment', ...idSchema } },
    async (request) =>
      ok({ assessment: await showAssessment(deps, actorOf(request), request.params.id) }),
  );

  app.put(
    '/assessments/:id',
    {
      schema: {
        tags,
        summary:
          'Update an assessment (all of it until the first hand-in); current without expiry or with a future one, else previous',
        ...idSchema,
        body: updateAssessmentBody,
      },
    },
    async (request) => {
      const assessment = await updateAssessment(deps, actorOf(request), {
        id: request.params.id,
        fields: request.body,
      });
      return ok({ assessment }, 'assessments:messages.saved');
    },
  );

  app.put(
    '/assessments/:id/schema',
    { schema: { tags, summary: 'The colour of an assessment', ...idSchema, body: schemaBody } },
    async (request) =>
      ok({
        assessment: await setAssessmentColor(deps, actorOf(request), {
          id: request.params.id,
          color: request.body.schema.color,
        }),
      }),
  );

  route.delete(
    '/assessments/:id',
    {
      summary: 'Delete an assessment with its answers',
      params: idParam,
      message: 'assessments:messages.deleted',
    },
    (actor, request) => deleteAssessment(deps, actor, request.params.id),
  );

  for (const move of Object.keys(ASSESSMENT_MOVES) as AssessmentMove[]) {
    const { method, summary } = ASSESSMENT_MOVES[move];
    const withBody = 'withBody' in ASSESSMENT_MOVES[move];
    app.route({
      method,
      url: `/assessments/:id/${move}`,
      schema: { tags, summary, ...idSchema, ...(withBody ? { body: restoreBody } : {}) },
      handler: async (request) => {
        const assessment = await moveAssessment(deps, actorOf(request), {
          id: (request.params as { id: number }).id,
          move,
          to: (request.body as { to?: 'open' | 'closed' } | undefined)?.to,
        });
        return ok({ assessment }, 'assessments:messages.saved');
      },
    });
  }

  app.put(
    '/assessments/:id/release',
    {
      schema: {
        tags,
        summary: 'Release the results to the people assessed, or take them back',
        ...idSchema,
        body: releaseBody,
      },
    },
    async (request) => {
      const assessment = await releaseAssessment(deps, actorOf(request), {
        id: request.params.id,
        released: request.body.released,
      });
      return ok({ assessment }, 'assessments:messages.saved');
    },
  );

  /* Questions and answers. */

  route.get(
    '/assessments/:id/questions-without-answers',
    { summary: 'The questions only', params: idParam, answer: questionList },
    async (actor, request) => ({ questions: await listQuestions(deps, actor, request.params.id) }),
  );

  route.get(
    '/assessments/:id/questions',
    {
      summary: "The questions with the caller's evaluables and their own answers (drafts too)",
      params: idParam,
      answer: questionsWithAnswers,
    },
    (actor, request) => listQuestionsToAnswer(deps, actor, request.params.id),
  );

  app.post(
    '/assessments/:id/questions',
    {
      schema: {
        tags,
        summary: 'Answer for one person assessed: a draft, or handed in with submit',
        params: idParam,
        headers: idempotencyKeyHeaders,
        body: answersBody,
        response: { 200: envelope(questionsWithAnswers.shape.evaluables.element) },
      },
    },
    async (request) => {
      const evaluable = await answerAssessment(deps, actorOf(request), {
        ...request.body,
        id: request.params.id,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return ok(
        evaluable,
        request.body.submit ? 'assessments:messages.submitted' : 'assessments:messages.draft_saved',
      );
    },
  );

  /* Who assesses whom. */

  const evaluablesRoute = (whose: 'all' | 'mine', path: string, summary: string) =>
    app.get(
      `/assessments/:id/${path}`,
      { schema: { tags, summary, params: idParam, response: { 200: envelope(evaluableList) } } },
      async (request) =>
        ok({
          evaluables: await listEvaluables(deps, actorOf(request), {
            id: request.params.id,
            whose,
          }),
        }),
    );
  evaluablesRoute(
    'all',
    'evaluables-by-owner',
    'Every pair of assessor and person assessed (owners and admins)',
  );

  route.post(
    '/assessments/:id/evaluables-by-owner',
    {
      summary: 'Add pairs by rules: self, teammates, reviewer, everyone or a list',
      params: idParam,
      body: evaluablesInput,
      answer: evaluableList,
    },
    async (actor, request) => ({
      evaluables: await addEvaluables(deps, actor, {
        id: request.params.id,
        who: request.body,
      }),
    }),
  );

  evaluablesRoute('mine', 'evaluables-by-member', 'The people the caller assesses');

  route.get(
    '/assessments/:id/assessors',
    {
      summary: 'The assessors with how much they handed in (owners and admins)',
      params: idParam,
      answer: z.object({
        assessors: z.array(
          z.object({
            user: evaluableList.shape.evaluables.element.shape.assessor,
            total: z.number(),
            submitted: z.number(),
          }),
        ),
      }),
    },
    async (actor, request) => ({ assessors: await listAssessors(deps, actor, request.params.id) }),
  );

  route.delete(
    '/assessments/:id/assessor/:userId',
    {
      summary: 'Remove an assessor with everything they answered',
      params: assessorIdParam,
      message: 'assessments:messages.saved',
    },
    (actor, request) =>
      removeAssessor(deps, actor, {
        id: request.params.id,
        assessorId: request.params.userId,
      }),
  );

  route.post(
    '/assessments/:id/user-assessment',
    {
      summary: 'Add one assessor for one person',
      params: idParam,
      body: userAssessmentBody,
      answer: evaluableList,
      message: 'assessments:messages.saved',
    },
    (actor, request) =>
      answerAs(
        'evaluables',
        addAssessor(deps, actor, {
          id: request.params.id,
          assessorId: request.body.assessor_id,
          evaluateeId: request.body.evaluatee_id,
          raterGroup: request.body.rater_group,
        }),
      ),
  );

  route.delete(
    '/assessments/:id/user-assessment',
    {
      summary: 'Remove one assessor of one person',
      params: idParam,
      querystring: userAssessmentQuery,
      message: 'assessments:messages.saved',
    },
    (actor, request) =>
      removeAssessor(deps, actor, {
        id: request.params.id,
        assessorId: request.query.assessor_id,
        evaluateeId: request.query.evaluatee_id,
      }),
  );

  route.get(
    '/assessments/:id/users-who-assess/:userId',
    {
      summary: 'Who assesses a person, with each rater’s progress (owners and admins)',
      params: userIdParam,
      answer: whoAssessesSchema,
    },
    (actor, request) =>
      whoAssesses(deps, actor, {
        id: request.params.id,
        userId: request.params.userId,
      }),
  );

  route.get(
    '/assessments/:id/users-who-assess-me',
    {
      summary: 'Who assesses the caller (names only when the assessment is named)',
      params: idParam,
      answer: whoAssessesSchema,
    },
    (actor, request) => whoAssesses(deps, actor, { id: request.params.id }),
  );

  route.get(
    '/assessments/:id/percentage',
    {
      summary: 'How much is handed in (all for owners and admins, own otherwise)',
      params: idParam,
      answer: percentage,
    },
    (actor, request) => showPercentage(deps, actor, request.params.id),
  );

  /* Reports: everything through the anonymity module (report-data.ts). */

  route.get(
    '/assessments/:id/report',
    {
      summary: "One person's report: self against others by rater group",
      params: idParam,
      querystring: reportQuery,
      answer: reportResource,
    },
    (actor, request) =>
      showReport(deps, actor, {
        id: request.params.id,
        userId: request.query.user_id,
        evaluableId: request.query.evaluable_id,
      }),
  );

  route.get(
    '/assessments/:id/overall-report-general-assessment',
    {
      summary: 'The whole assessment: per question and per person (owners and admins)',
      params: idParam,
      answer: overallReportSchema,
    },
    (actor, request) => overallReport(deps, actor, request.params.id),
  );

  route.get(
    '/assessments/:id/user-answers/:userId',
    {
      summary:
        'One evaluable answer by answer: its assessor, or owners and admins of a named assessment',
      params: userIdParam,
      answer: userAnswers,
    },
    (actor, request) =>
      showEvaluableAnswers(deps, actor, {
        id: request.params.id,
        evaluableId: request.params.userId,
      }),
  );

  const exportRoute = (path: string, kind: ExportKind, summary: string) =>
    app.get(
      `/assessments/:id/${path}`,
      { schema: { tags, summary, params: idParam, querystring: exportQuery } },
      async (request, reply) => {
        const file = await exportReport(deps, actorOf(request), {
          id: request.params.id,
          kind,
          format: request.query.format,
          userId: request.query.user_id,
          teamId: request.query.team_id,
          t: request.t,
        });
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.body);
      },
    );
  exportRoute('export-report', 'report', 'The overall report as XLSX or CSV');
  exportRoute(
    'export-question-report',
    'question',
    'Per person and rating question, as XLSX or CSV',
  );
  exportRoute(
    'export-detail-report',
    'detail',
    'Per person, question and rater group (user_id, team_id), as XLSX or CSV',
  );

  /* Reminders. */

  route.post(
    '/assessments/:id/send-reminder',
    {
      summary: 'Remind one assessor who has not handed in',
      params: idParam,
      body: reminderOneBody,
      answer: sentCount,
      message: 'assessments:messages.reminded',
    },
    (actor, request) =>
      answerAs(
        'sent',
        remindAssessors(deps, actor, {
          id: request.params.id,
          userId: request.body.user_id,
        }),
      ),
  );

  route.post(
    '/assessments/:id/send-reminder-for-all',
    {
      summary: 'Remind every assessor who has not handed in',
      params: idParam,
      answer: sentCount,
      message: 'assessments:messages.reminded',
    },
    (actor, request) => answerAs('sent', remindAssessors(deps, actor, { id: request.params.id })),
  );
}
