import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { emptyResource, envelope, idParam } from '@contracts/common';
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
  overallReport,
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
  whoAssesses,
  type RaterGroup,
} from '@contracts/assessments';
import { requireAuth } from '../../auth/guard';
import { can } from '../../auth/permissions';
import type { DbOrTx } from '../../db/client';
import {
  assessmentEvaluables,
  assessmentQuestions,
  assessments,
  type AssessmentRow,
} from '../../db/schema';
import { ok } from '../../http/envelope';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import type { App } from '../../http/types';
import {
  requireWorkspaceChange,
  requireWorkspacePermission,
  actorOf,
} from '../../core/workspace-access';
import { plannedGroups } from './anonymity';
import { answersOf, checkAnswers, saveAnswers } from './answers';
import { countAnswers, lockAssessment } from './count-answers';
import { assessablePeople, insertEvaluables, mayRate, planEvaluables } from './evaluables';
import { exportFile, type ExportKind } from './exports';
import {
  loadAssessment,
  loadPeople,
  MANAGE,
  presentAssessments,
  presentEvaluables,
  statusAfterUpdate,
  type AssessmentContext,
} from './load';
import {
  announceAssessmentChange,
  deadlineChanged,
  pendingAssessors,
  recordHandedInIfComplete,
  remindAbout,
} from './notify';
import { presentQuestion, questionRows } from './questions';
import { buildReports, questionsOf } from './report-data';
import { checkThreshold, updateAssessment } from './update-assessment';

const tags = ['assessments'];
const STATUS_OF: Record<string, 'open' | 'closed' | 'archived'> = {
  open: 'open',
  current: 'open',
  closed: 'closed',
  previous: 'closed',
  archived: 'archived',
};

export async function fresh(db: DbOrTx, ctx: Pick<AssessmentContext, 'access'>, id: number) {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  return (await presentAssessments(db, [row], ctx.access))[0];
}

export default async function assessmentRoutes(app: App) {
  const { db } = app.deps;

  /**
   * Removes who-assesses-whom pairs of the assessment (with their drafts); 404 when none. An
   * answer handed in is never taken out of a report (409): the report before and after would
   * give it away.
   */
  async function removePairs(ctx: AssessmentContext, which: SQL) {
    await db.transaction(async (tx) => {
      await lockAssessment(tx, ctx.assessment.id);
      const pairs = await tx
        .select({ id: assessmentEvaluables.id, status: assessmentEvaluables.status })
        .from(assessmentEvaluables)
        .where(and(eq(assessmentEvaluables.assessmentId, ctx.assessment.id), which));
      if (pairs.length === 0) throw notFound('assessments:messages.assessor_not_found');
      if (pairs.some((p) => p.status === 'submitted'))
        throw conflict('assessments:messages.handed_in_stays');
      await tx.delete(assessmentEvaluables).where(
        inArray(
          assessmentEvaluables.id,
          pairs.map((p) => p.id),
        ),
      );
    });
    announceAssessmentChange(app.deps, ctx.assessment);
    return ok({}, 'assessments:messages.saved');
  }
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
      const access = await requireWorkspacePermission(
        request,
        db,
        request.params.id,
        'view_workspace',
      );
      const status = STATUS_OF[request.query.status];
      if (!status) {
        request.log.warn({ status: request.query.status }, 'status is invalid');
        throw validationFailed({ status: 'assessments:messages.status_invalid' });
      }
      const manager = can(access, MANAGE);
      const mine = db
        .select({ id: assessmentEvaluables.assessmentId })
        .from(assessmentEvaluables)
        .where(eq(assessmentEvaluables.assessorId, access.userId))
        .union(
          db
            .select({ id: assessmentEvaluables.assessmentId })
            .from(assessmentEvaluables)
            .where(eq(assessmentEvaluables.evaluateeId, access.userId)),
        );
      const visible = and(
        eq(assessments.workspaceId, access.workspace.id),
        eq(assessments.isAnnouncement, false),
        manager ? undefined : inArray(assessments.id, mine),
      );
      const [rows, countRows] = await Promise.all([
        db
          .select()
          .from(assessments)
          .where(and(visible, eq(assessments.status, status)))
          .orderBy(desc(assessments.createdAt), desc(assessments.id))
          .limit(200),
        db
          .select({ status: assessments.status, n: count() })
          .from(assessments)
          .where(visible)
          .groupBy(assessments.status),
      ]);
      const counts = { open: 0, closed: 0, archived: 0 };
      for (const r of countRows) counts[r.status] = Number(r.n);
      return ok({ assessments: await presentAssessments(db, rows, access), counts });
    },
  );

  app.post(
    '/workspaces/:id/assessments',
    {
      schema: {
        tags,
        summary: 'Create an assessment with its questions and who assesses whom',
        params: idParam,
        body: createAssessmentBody,
        response: { 201: envelope(assessmentResource) },
      },
    },
    async (request, reply) => {
      const access = await requireWorkspaceChange(request, db, request.params.id, MANAGE);
      const body = request.body;
      checkThreshold(body.anonymity_threshold);
      const expiredAt = body.expired_at ? new Date(body.expired_at) : null;
      const planned = body.who
        ? await planEvaluables(db, access.workspace.id, body.who, body.named)
        : [];
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(assessments)
          .values({
            workspaceId: access.workspace.id,
            name: body.name,
            description: body.description ?? null,
            type: body.type,
            expiredAt,
            color: body.color ?? null,
            anonymityThreshold: body.anonymity_threshold,
            named: body.named,
            raterRules: body.who ?? null,
            status: statusAfterUpdate(expiredAt),
            createdBy: access.userId,
          })
          .returning();
        await tx.insert(assessmentQuestions).values(questionRows(row.id, body.questions));
        await insertEvaluables(tx, row.id, planned);
        await deadlineChanged(tx, row);
        return row.id;
      });
      const assessment = await fresh(db, { access }, id);
      announceAssessmentChange(app.deps, { id, workspaceId: access.workspace.id });
      return reply.status(201).send(ok({ assessment }, 'assessments:messages.created'));
    },
  );

  app.get(
    '/assessments/:id',
    { schema: { tags, summary: 'One assessment', ...idSchema } },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read');
      return ok({ assessment: await fresh(db, ctx, ctx.assessment.id) });
    },
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
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      await updateAssessment(db, ctx, request.body);
      announceAssessmentChange(app.deps, ctx.assessment);
      return ok(
        { assessment: await fresh(db, ctx, ctx.assessment.id) },
        'assessments:messages.saved',
      );
    },
  );

  app.put(
    '/assessments/:id/schema',
    { schema: { tags, summary: 'The colour of an assessment', ...idSchema, body: schemaBody } },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      await db
        .update(assessments)
        .set({ color: request.body.schema.color, updatedAt: new Date() })
        .where(eq(assessments.id, ctx.assessment.id));
      announceAssessmentChange(app.deps, ctx.assessment);
      return ok({ assessment: await fresh(db, ctx, ctx.assessment.id) });
    },
  );

  app.delete(
    '/assessments/:id',
    {
      schema: {
        tags,
        summary: 'Delete an assessment with its answers',
        params: idParam,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      await db.delete(assessments).where(eq(assessments.id, ctx.assessment.id));
      announceAssessmentChange(app.deps, ctx.assessment);
      return ok({}, 'assessments:messages.deleted');
    },
  );

  const move = (
    path: string,
    method: 'POST' | 'PUT',
    summary: string,
    next: (a: AssessmentRow, body: { to?: 'open' | 'closed' }) => Partial<AssessmentRow>,
    from: AssessmentRow['status'][],
    withBody = false,
  ) =>
    app.route({
      method,
      url: `/assessments/:id/${path}`,
      schema: { tags, summary, ...idSchema, ...(withBody ? { body: restoreBody } : {}) },
      handler: async (request) => {
        const ctx = await loadAssessment(
          db,
          actorOf(request),
          (request.params as { id: number }).id,
          'change',
        );
        await db.transaction(async (tx) => {
          const row = await lockAssessment(tx, ctx.assessment.id);
          if (!from.includes(row.status)) throw conflict('assessments:messages.wrong_status');
          const [updated] = await tx
            .update(assessments)
            .set({
              ...next(row, (request.body ?? {}) as { to?: 'open' | 'closed' }),
              updatedAt: new Date(),
            })
            .where(eq(assessments.id, row.id))
            .returning();
          // No longer taking answers: what still waits is counted if there is enough of it.
          if (row.status === 'open' && updated.status !== 'open')
            await countAnswers(tx, updated, true);
        });
        announceAssessmentChange(app.deps, ctx.assessment);
        return ok(
          { assessment: await fresh(db, ctx, ctx.assessment.id) },
          'assessments:messages.saved',
        );
      },
    });
  move(
    'archive',
    'POST',
    'Archive a current or previous assessment',
    (a) => ({ status: 'archived', statusBeforeArchive: a.status === 'archived' ? null : a.status }),
    ['open', 'closed'],
  );
  move(
    'restore',
    'POST',
    'Restore an archived assessment to previous or current',
    (_a, b) => ({ status: b.to ?? 'closed', statusBeforeArchive: null }),
    ['archived'],
    true,
  );
  move('close', 'PUT', 'Close an assessment (previous)', () => ({ status: 'closed' }), ['open']);
  move('open', 'PUT', 'Open an assessment again (current)', () => ({ status: 'open' }), ['closed']);

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
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      await db
        .update(assessments)
        .set({ releasedAt: request.body.released ? new Date() : null, updatedAt: new Date() })
        .where(eq(assessments.id, ctx.assessment.id));
      announceAssessmentChange(app.deps, ctx.assessment);
      return ok(
        { assessment: await fresh(db, ctx, ctx.assessment.id) },
        'assessments:messages.saved',
      );
    },
  );

  /* Questions and answers. */

  app.get(
    '/assessments/:id/questions-without-answers',
    {
      schema: {
        tags,
        summary: 'The questions only',
        params: idParam,
        response: { 200: envelope(questionList) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read');
      return ok({ questions: (await questionsOf(db, ctx.assessment.id)).map(presentQuestion) });
    },
  );

  app.get(
    '/assessments/:id/questions',
    {
      schema: {
        tags,
        summary: "The questions with the caller's evaluables and their own answers (drafts too)",
        params: idParam,
        response: { 200: envelope(questionsWithAnswers) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read');
      const [questions, rows] = await Promise.all([
        questionsOf(db, ctx.assessment.id),
        db
          .select()
          .from(assessmentEvaluables)
          .where(
            and(
              eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
              eq(assessmentEvaluables.assessorId, ctx.access.userId),
            ),
          )
          .orderBy(asc(assessmentEvaluables.id)),
      ]);
      // Oneself first, then the others in the order they were set.
      rows.sort(
        (a, b) => Number(a.raterGroup !== 'self') - Number(b.raterGroup !== 'self') || a.id - b.id,
      );
      const [evaluables, answers] = await Promise.all([
        presentEvaluables(db, rows),
        answersOf(
          db,
          rows.map((r) => r.id),
        ),
      ]);
      return ok({
        questions: questions.map(presentQuestion),
        evaluables: evaluables.map((e) => ({
          ...e,
          answers: answers
            .filter((a) => a.evaluableId === e.id)
            .map((a) => ({
              question_id: a.questionId,
              rating: a.rating,
              choice: a.choice,
              text: a.text,
            })),
        })),
      });
    },
  );

  app.post(
    '/assessments/:id/questions',
    {
      schema: {
        tags,
        summary: 'Answer for one person assessed: a draft, or handed in with submit',
        params: idParam,
        body: answersBody,
        response: { 200: envelope(questionsWithAnswers.shape.evaluables.element) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read');
      const body = request.body;
      const [evaluable] = await db
        .select()
        .from(assessmentEvaluables)
        .where(
          and(
            eq(assessmentEvaluables.id, body.evaluable_id),
            eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
          ),
        );
      if (!evaluable || evaluable.assessorId !== ctx.access.userId) throw forbidden();
      if (ctx.assessment.status !== 'open') throw conflict('assessments:messages.not_open');
      if (ctx.access.workspace.status === 'archived')
        throw conflict('workspaces:messages.archived_read_only');
      if (evaluable.status === 'submitted')
        throw conflict('assessments:messages.already_submitted');
      const questions = await questionsOf(db, ctx.assessment.id);
      const existing = (await answersOf(db, [evaluable.id])).map((a) => ({
        questionId: a.questionId,
        rating: a.rating,
        choice: a.choice,
        text: a.text,
      }));
      const clean = checkAnswers(questions, body.answers, body.submit, existing);
      await db.transaction(async (tx) => {
        // Hand-ins are counted one after another (count-answers.ts).
        const row = await lockAssessment(tx, ctx.assessment.id);
        if (row.status !== 'open') throw conflict('assessments:messages.not_open');
        await saveAnswers(tx, evaluable.id, clean, body.submit);
        if (body.submit) {
          await countAnswers(tx, row, false, [evaluable.evaluateeId]);
          await recordHandedInIfComplete(tx, ctx.assessment, ctx.access.userId);
        }
      });
      if (body.submit) announceAssessmentChange(app.deps, ctx.assessment);
      const [row] = await db
        .select()
        .from(assessmentEvaluables)
        .where(eq(assessmentEvaluables.id, evaluable.id));
      const [presented] = await presentEvaluables(db, [row]);
      const answers = await answersOf(db, [row.id]);
      return ok(
        {
          ...presented,
          answers: answers.map((a) => ({
            question_id: a.questionId,
            rating: a.rating,
            choice: a.choice,
            text: a.text,
          })),
        },
        body.submit ? 'assessments:messages.submitted' : 'assessments:messages.draft_saved',
      );
    },
  );

  /* Who assesses whom. */

  app.get(
    '/assessments/:id/evaluables-by-owner',
    {
      schema: {
        tags,
        summary: 'Every pair of assessor and person assessed (owners and admins)',
        params: idParam,
        response: { 200: envelope(evaluableList) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'manage');
      const rows = await db
        .select()
        .from(assessmentEvaluables)
        .where(eq(assessmentEvaluables.assessmentId, ctx.assessment.id))
        .orderBy(asc(assessmentEvaluables.evaluateeId), asc(assessmentEvaluables.id));
      return ok({ evaluables: await presentEvaluables(db, rows) });
    },
  );

  app.post(
    '/assessments/:id/evaluables-by-owner',
    {
      schema: {
        tags,
        summary: 'Add pairs by rules: self, teammates, reviewer, everyone or a list',
        params: idParam,
        body: evaluablesInput,
        response: { 200: envelope(evaluableList) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      const planned = await planEvaluables(
        db,
        ctx.assessment.workspaceId,
        request.body,
        ctx.assessment.named,
      );
      await insertEvaluables(db, ctx.assessment.id, planned);
      const rows = await db
        .select()
        .from(assessmentEvaluables)
        .where(eq(assessmentEvaluables.assessmentId, ctx.assessment.id))
        .orderBy(asc(assessmentEvaluables.evaluateeId), asc(assessmentEvaluables.id));
      announceAssessmentChange(app.deps, ctx.assessment);
      return ok({ evaluables: await presentEvaluables(db, rows) });
    },
  );

  app.get(
    '/assessments/:id/evaluables-by-member',
    {
      schema: {
        tags,
        summary: 'The people the caller assesses',
        params: idParam,
        response: { 200: envelope(evaluableList) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read');
      const rows = await db
        .select()
        .from(assessmentEvaluables)
        .where(
          and(
            eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
            eq(assessmentEvaluables.assessorId, ctx.access.userId),
          ),
        )
        .orderBy(asc(assessmentEvaluables.id));
      return ok({ evaluables: await presentEvaluables(db, rows) });
    },
  );

  app.get(
    '/assessments/:id/assessors',
    {
      schema: {
        tags,
        summary: 'The assessors with how much they handed in (owners and admins)',
        params: idParam,
        response: {
          200: envelope(
            z.object({
              assessors: z.array(
                z.object({
                  user: evaluableList.shape.evaluables.element.shape.assessor,
                  total: z.number(),
                  submitted: z.number(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'manage');
      const rows = await db
        .select({ userId: assessmentEvaluables.assessorId, status: assessmentEvaluables.status })
        .from(assessmentEvaluables)
        .where(eq(assessmentEvaluables.assessmentId, ctx.assessment.id));
      const people = await loadPeople(
        db,
        rows.map((r) => r.userId),
      );
      const ids = [...new Set(rows.map((r) => r.userId))].sort((a, b) => a - b);
      return ok({
        assessors: ids.map((id) => ({
          user: people.get(id)!,
          total: rows.filter((r) => r.userId === id).length,
          submitted: rows.filter((r) => r.userId === id && r.status === 'submitted').length,
        })),
      });
    },
  );

  app.delete(
    '/assessments/:id/assessor/:userId',
    {
      schema: {
        tags,
        summary: 'Remove an assessor with everything they answered',
        params: assessorIdParam,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      return removePairs(ctx, eq(assessmentEvaluables.assessorId, request.params.userId));
    },
  );

  app.post(
    '/assessments/:id/user-assessment',
    {
      schema: {
        tags,
        summary: 'Add one assessor for one person',
        params: idParam,
        body: userAssessmentBody,
        response: { 200: envelope(evaluableList) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      const { assessor_id: assessorId, evaluatee_id: evaluateeId } = request.body;
      const people = await assessablePeople(db, ctx.assessment.workspaceId);
      if (!people.all.has(assessorId) || !people.all.has(evaluateeId)) {
        throw validationFailed({ assessor_id: 'assessments:messages.not_in_workspace' });
      }
      if (!mayRate(people, ctx.assessment.named, assessorId, evaluateeId)) {
        throw validationFailed({ assessor_id: 'assessments:messages.reader_cannot_rate' });
      }
      const group: RaterGroup =
        assessorId === evaluateeId ? 'self' : (request.body.rater_group ?? 'other');
      if ((group === 'self') !== (assessorId === evaluateeId)) {
        throw validationFailed({ rater_group: 'assessments:messages.self_only_self' });
      }
      await insertEvaluables(db, ctx.assessment.id, [
        { assessorId, evaluateeId, raterGroup: group, teamId: null },
      ]);
      const rows = await db
        .select()
        .from(assessmentEvaluables)
        .where(
          and(
            eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
            eq(assessmentEvaluables.evaluateeId, evaluateeId),
          ),
        );
      announceAssessmentChange(app.deps, ctx.assessment);
      return ok({ evaluables: await presentEvaluables(db, rows) }, 'assessments:messages.saved');
    },
  );

  app.delete(
    '/assessments/:id/user-assessment',
    {
      schema: {
        tags,
        summary: 'Remove one assessor of one person',
        params: idParam,
        querystring: userAssessmentQuery,
        response: { 200: envelope(emptyResource) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      return removePairs(
        ctx,
        and(
          eq(assessmentEvaluables.assessorId, request.query.assessor_id),
          eq(assessmentEvaluables.evaluateeId, request.query.evaluatee_id),
        )!,
      );
    },
  );

  /**
   * Who assesses a person. Those who run the cycle always get the names with each one's
   * progress (never what they said); the person assessed gets names only in a named
   * assessment, otherwise the group counts that pass the threshold.
   */
  async function whoAssessesPerson(ctx: AssessmentContext, userId: number) {
    const rows = await db
      .select()
      .from(assessmentEvaluables)
      .where(
        and(
          eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
          eq(assessmentEvaluables.evaluateeId, userId),
        ),
      )
      .orderBy(asc(assessmentEvaluables.id));
    const groups = plannedGroups(
      rows.map((r) => r.raterGroup),
      ctx.assessment.anonymityThreshold,
    );
    if (!ctx.manager && !ctx.assessment.named) return { people: null, groups };
    const people = await loadPeople(
      db,
      rows.map((r) => r.assessorId),
    );
    return {
      people: rows.map((r) => ({
        ...people.get(r.assessorId)!,
        rater_group: r.raterGroup,
        status: r.status,
        evaluable_id: r.id,
      })),
      groups,
    };
  }

  app.get(
    '/assessments/:id/users-who-assess/:userId',
    {
      schema: {
        tags,
        summary: 'Who assesses a person, with each rater’s progress (owners and admins)',
        params: userIdParam,
        response: { 200: envelope(whoAssesses) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'manage');
      return ok(await whoAssessesPerson(ctx, request.params.userId));
    },
  );

  app.get(
    '/assessments/:id/users-who-assess-me',
    {
      schema: {
        tags,
        summary: 'Who assesses the caller (names only when the assessment is named)',
        params: idParam,
        response: { 200: envelope(whoAssesses) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read');
      return ok(await whoAssessesPerson(ctx, ctx.access.userId));
    },
  );

  app.get(
    '/assessments/:id/percentage',
    {
      schema: {
        tags,
        summary: 'How much is handed in (all for owners and admins, own otherwise)',
        params: idParam,
        response: { 200: envelope(percentage) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read');
      const rows = await db
        .select({ status: assessmentEvaluables.status })
        .from(assessmentEvaluables)
        .where(
          and(
            eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
            ctx.manager ? undefined : eq(assessmentEvaluables.assessorId, ctx.access.userId),
          ),
        );
      const submitted = rows.filter((r) => r.status === 'submitted').length;
      return ok({
        percentage: rows.length ? Math.round((submitted / rows.length) * 100) : 0,
        submitted,
        total: rows.length,
      });
    },
  );

  /* Reports: everything through the anonymity module (report-data.ts). */

  app.get(
    '/assessments/:id/report',
    {
      schema: {
        tags,
        summary: "One person's report: self against others by rater group",
        params: idParam,
        querystring: reportQuery,
        response: { 200: envelope(reportResource) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read');
      let userId = request.query.user_id ?? ctx.access.userId;
      if (request.query.evaluable_id !== undefined) {
        const [e] = await db
          .select()
          .from(assessmentEvaluables)
          .where(
            and(
              eq(assessmentEvaluables.id, request.query.evaluable_id),
              eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
            ),
          );
        if (!e) throw notFound('assessments:messages.not_found');
        userId = e.evaluateeId;
      }
      if (!ctx.manager) {
        // A member reads only their own results, and only once released.
        if (userId !== ctx.access.userId) throw forbidden();
        if (!ctx.assessment.releasedAt) throw forbidden('assessments:messages.not_released');
      }
      const reports = await buildReports(db, ctx.assessment, ctx.access.userId);
      const report = reports.people.find((p) => p.evaluatee.id === userId);
      if (!report) throw notFound('assessments:messages.not_assessed');
      return ok({
        report,
        threshold: ctx.assessment.anonymityThreshold,
        released: ctx.assessment.releasedAt !== null,
      });
    },
  );

  app.get(
    '/assessments/:id/overall-report-general-assessment',
    {
      schema: {
        tags,
        summary: 'The whole assessment: per question and per person (owners and admins)',
        params: idParam,
        response: { 200: envelope(overallReport) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'manage');
      return ok((await buildReports(db, ctx.assessment, ctx.access.userId)).overall);
    },
  );

  app.get(
    '/assessments/:id/user-answers/:userId',
    {
      schema: {
        tags,
        summary:
          'One evaluable answer by answer: its assessor, or owners and admins of a named assessment',
        params: userIdParam,
        response: { 200: envelope(userAnswers) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'read');
      const [row] = await db
        .select()
        .from(assessmentEvaluables)
        .where(
          and(
            eq(assessmentEvaluables.id, request.params.userId),
            eq(assessmentEvaluables.assessmentId, ctx.assessment.id),
          ),
        );
      if (!row) throw notFound('assessments:messages.not_found');
      const own = row.assessorId === ctx.access.userId;
      if (!own && !(ctx.manager && ctx.assessment.named)) throw forbidden();
      const [evaluable] = await presentEvaluables(db, [row]);
      const answers = await answersOf(db, [row.id]);
      return ok({
        evaluable,
        answers: answers.map((a) => ({
          question_id: a.questionId,
          rating: a.rating,
          choice: a.choice,
          text: a.text,
        })),
      });
    },
  );

  const exportRoute = (path: string, kind: ExportKind, summary: string) =>
    app.get(
      `/assessments/:id/${path}`,
      { schema: { tags, summary, params: idParam, querystring: exportQuery } },
      async (request, reply) => {
        const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'manage');
        const reports = await buildReports(db, ctx.assessment, ctx.access.userId);
        const file = await exportFile(
          kind,
          request.query.format,
          ctx.assessment,
          reports,
          request.t,
          {
            userId: request.query.user_id,
            teamId: request.query.team_id,
          },
        );
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

  app.post(
    '/assessments/:id/send-reminder',
    {
      schema: {
        tags,
        summary: 'Remind one assessor who has not handed in',
        params: idParam,
        body: reminderOneBody,
        response: { 200: envelope(sentCount) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      if (ctx.assessment.status !== 'open') throw conflict('assessments:messages.not_open');
      const pending = await pendingAssessors(db, ctx.assessment.id, request.body.user_id);
      if (pending.length === 0)
        throw validationFailed({ user_id: 'assessments:messages.nothing_pending' });
      const sent = await db.transaction((tx) =>
        remindAbout(tx, ctx.assessment, pending, ctx.access.userId),
      );
      return ok({ sent }, 'assessments:messages.reminded');
    },
  );

  app.post(
    '/assessments/:id/send-reminder-for-all',
    {
      schema: {
        tags,
        summary: 'Remind every assessor who has not handed in',
        params: idParam,
        response: { 200: envelope(sentCount) },
      },
    },
    async (request) => {
      const ctx = await loadAssessment(db, actorOf(request), request.params.id, 'change');
      if (ctx.assessment.status !== 'open') throw conflict('assessments:messages.not_open');
      const pending = await pendingAssessors(db, ctx.assessment.id);
      const sent = await db.transaction((tx) =>
        remindAbout(tx, ctx.assessment, pending, ctx.access.userId),
      );
      return ok({ sent }, 'assessments:messages.reminded');
    },
  );

  void requireAuth;
}
