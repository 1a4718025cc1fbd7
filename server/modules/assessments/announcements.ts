import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { envelope, idParam } from '@contracts/common';
import {
  announcementAnswersBody,
  announcementQuestions,
  announcementReminders,
  assessmentResource,
  createAnnouncementBody,
} from '@contracts/assessments';
import { requireAuth } from '../../auth/guard';
import {
  assessmentEvaluables,
  assessmentQuestions,
  assessments,
  workspaceMembers,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict } from '../../http/errors';
import type { App } from '../../http/types';
import { requireWorkspaceChange, actorOf } from '../../core/workspace-access';
import { answersOf, checkAnswers, saveAnswers } from './answers';
import { loadAssessment, MANAGE } from './load';
import { presentQuestion, questionRows } from './questions';
import { freshAssessment as fresh } from './operations/fresh';
import { questionsOf } from './report-data';

const tags = ['announcements'];

/**
 * Announcements (spec 7.21): questions for everyone in a workspace, shown as a dialog on
 * entry until answered. Stored as assessments flagged `is_announcement`; each person's answer
 * is their own "self" evaluable, made when they answer, so a reminder is simply an open
 * announcement of one of their workspaces without a submitted evaluable of theirs.
 */
export default async function announcementRoutes(app: App) {
  const { db } = app.deps;

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
      const access = await requireWorkspaceChange(request, db, request.params.id, MANAGE);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(assessments)
          .values({
            workspaceId: access.workspace.id,
            name: request.body.name,
            description: request.body.description ?? null,
            type: 'general',
            isAnnouncement: true,
            createdBy: access.userId,
          })
          .returning();
        await tx.insert(assessmentQuestions).values(questionRows(row.id, request.body.questions));
        return row.id;
      });
      return reply
        .status(201)
        .send(ok({ assessment: await fresh(db, { access }, id) }, 'assessments:messages.created'));
    },
  );

  app.get(
    '/announcements/reminder',
    {
      schema: {
        tags,
        summary: "Open announcements of the caller's workspaces they have not answered",
        response: { 200: envelope(announcementReminders) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const answered = db
        .select({ id: assessmentEvaluables.assessmentId })
        .from(assessmentEvaluables)
        .where(
          and(
            eq(assessmentEvaluables.assessorId, user.id),
            eq(assessmentEvaluables.status, 'submitted'),
          ),
        );
      const rows = await db
        .select()
        .from(assessments)
        .where(
          and(
            eq(assessments.isAnnouncement, true),
            eq(assessments.status, 'open'),
            inArray(
              assessments.workspaceId,
              db
                .select({ id: workspaceMembers.workspaceId })
                .from(workspaceMembers)
                .where(
                  and(
                    eq(workspaceMembers.userId, user.id),
                    inArray(workspaceMembers.role, ['owner', 'admin', 'member', 'viewer']),
                  ),
                ),
            ),
            notInArray(assessments.id, answered),
          ),
        )
        .orderBy(asc(assessments.createdAt), asc(assessments.id))
        .limit(20);
      const questions =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(assessmentQuestions)
              .where(
                inArray(
                  assessmentQuestions.assessmentId,
                  rows.map((r) => r.id),
                ),
              )
              .orderBy(asc(assessmentQuestions.position));
      return ok({
        announcements: rows.map((r) => ({
          id: r.id,
          workspace_id: r.workspaceId,
          name: r.name,
          description: r.description,
          questions: questions.filter((q) => q.assessmentId === r.id).map(presentQuestion),
        })),
      });
    },
  );

  const mine = (assessmentId: number, userId: number) =>
    db
      .select()
      .from(assessmentEvaluables)
      .where(
        and(
          eq(assessmentEvaluables.assessmentId, assessmentId),
          eq(assessmentEvaluables.assessorId, userId),
        ),
      );

  app.get(
    '/announcements/:id/questions',
    {
      schema: {
        tags,
        summary: "An announcement's questions with the caller's answers",
        params: idParam,
        response: { 200: envelope(announcementQuestions) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read', true);
      const [own] = await mine(ctx.assessment.id, ctx.access.userId);
      const answers = own ? await answersOf(db, [own.id]) : [];
      return ok({
        questions: (await questionsOf(db, ctx.assessment.id)).map(presentQuestion),
        answers: answers.map((a) => ({
          question_id: a.questionId,
          rating: a.rating,
          choice: a.choice,
          text: a.text,
        })),
        answered: own?.status === 'submitted',
      });
    },
  );

  app.post(
    '/announcements/:id/questions',
    {
      schema: {
        tags,
        summary: 'Answer an announcement; its reminder goes away',
        params: idParam,
        body: announcementAnswersBody,
        response: { 200: envelope(announcementQuestions) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read', true);
      if (ctx.assessment.status !== 'open') throw conflict('assessments:messages.not_open');
      const [own] = await mine(ctx.assessment.id, ctx.access.userId);
      if (own?.status === 'submitted') throw conflict('assessments:messages.already_submitted');
      const questions = await questionsOf(db, ctx.assessment.id);
      const clean = checkAnswers(questions, request.body.answers, true);
      await db.transaction(async (tx) => {
        const id =
          own?.id ??
          (
            await tx
              .insert(assessmentEvaluables)
              .values({
                assessmentId: ctx.assessment.id,
                assessorId: ctx.access.userId,
                evaluateeId: ctx.access.userId,
                raterGroup: 'self',
              })
              .returning()
          )[0].id;
        await saveAnswers(tx, id, clean, true);
      });
      return ok(
        {
          questions: questions.map(presentQuestion),
          answers: [...clean].map(([questionId, v]) => ({ question_id: questionId, ...v })),
          answered: true,
        },
        'assessments:messages.submitted',
      );
    },
  );
}
