import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateAssessmentBody } from '@contracts/assessments';
import type { DbOrTx } from '../../db/client';
import { assessmentEvaluables, assessmentQuestions, assessments } from '../../db/schema';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { isValidThreshold } from './anonymity';
import { countAnswers, lockAssessment } from './count-answers';
import {
  assessablePeople,
  mayRate,
  planEvaluables,
  replaceEvaluables,
  type PlannedEvaluable,
} from './evaluables';
import { statusAfterUpdate, type AssessmentContext } from './load';
import { deadlineChanged } from './notify';
import { questionRows } from './questions';

type UpdateBody = z.infer<typeof updateAssessmentBody>;

export function checkThreshold(value: number | undefined) {
  if (value !== undefined && !isValidThreshold(value)) {
    throw validationFailed({ anonymity_threshold: 'assessments:messages.threshold_range' });
  }
}

/**
 * Edit an assessment. Everything may change until the first answer is handed in (new
 * questions clear the drafts; `who` replaces the rater plan). After that the questions, type,
 * named and the rater plan are fixed and the threshold only goes up (409): a report that
 * loses an answer, or shows groups smaller than before, could be compared with the last one.
 * Becoming named is refused once anyone started answering under the promise of anonymity.
 */
export async function applyAssessmentUpdate(db: DbOrTx, ctx: AssessmentContext, body: UpdateBody) {
  const current = ctx.assessment;
  if (body.workspace_id !== current.workspaceId) throw notFound('assessments:messages.not_found');
  checkThreshold(body.anonymity_threshold);
  const named = body.named ?? current.named;
  const planned: PlannedEvaluable[] | undefined = body.who
    ? await planEvaluables(db, current.workspaceId, body.who, named)
    : undefined;
  const expiredAt =
    body.expired_at === undefined
      ? current.expiredAt
      : body.expired_at === null
        ? null
        : new Date(body.expired_at);
  await db.transaction(async (tx) => {
    const row = await lockAssessment(tx, current.id);
    const pairs = await tx
      .select()
      .from(assessmentEvaluables)
      .where(eq(assessmentEvaluables.assessmentId, row.id));
    const handedIn = pairs.some((p) => p.status === 'submitted');
    const started = pairs.some((p) => p.status !== 'pending');
    const changes = <T>(next: T | undefined, now: T) => next !== undefined && next !== now;
    if (handedIn) {
      if (body.questions) throw conflict('assessments:messages.questions_locked');
      if (changes(body.type, row.type) || changes(body.named, row.named))
        throw conflict('assessments:messages.settings_locked');
      if (body.who) throw conflict('assessments:messages.raters_locked');
      if ((body.anonymity_threshold ?? row.anonymityThreshold) < row.anonymityThreshold)
        throw conflict('assessments:messages.threshold_locked');
    } else if (started && body.named === true && !row.named) {
      throw conflict('assessments:messages.named_locked');
    }
    if (!named && row.named && !body.who) {
      // Becoming anonymous: owners and admins rating others would read their own group.
      const people = await assessablePeople(tx, row.workspaceId);
      if (pairs.some((p) => !mayRate(people, false, p.assessorId, p.evaluateeId)))
        throw validationFailed({ who: 'assessments:messages.reader_cannot_rate' });
    }
    if (body.questions) {
      await tx.delete(assessmentQuestions).where(eq(assessmentQuestions.assessmentId, row.id));
      await tx.insert(assessmentQuestions).values(questionRows(row.id, body.questions));
      // The drafts' answers went with the old questions: those raters start again.
      await tx
        .update(assessmentEvaluables)
        .set({ status: 'pending', updatedAt: new Date() })
        .where(
          and(
            eq(assessmentEvaluables.assessmentId, row.id),
            eq(assessmentEvaluables.status, 'draft'),
          ),
        );
    }
    if (planned) await replaceEvaluables(tx, row.id, planned);
    const status = row.status === 'archived' ? 'archived' : statusAfterUpdate(expiredAt);
    const [updated] = await tx
      .update(assessments)
      .set({
        name: body.name ?? row.name,
        description: body.description === undefined ? row.description : body.description,
        type: body.type ?? row.type,
        named,
        expiredAt,
        anonymityThreshold: body.anonymity_threshold ?? row.anonymityThreshold,
        raterRules: body.who ?? row.raterRules,
        status,
        updatedAt: new Date(),
      })
      .where(eq(assessments.id, row.id))
      .returning();
    // No longer taking answers: what still waits is counted if there is enough of it.
    if (row.status === 'open' && status !== 'open') await countAnswers(tx, updated, true);
    if (expiredAt?.getTime() !== row.expiredAt?.getTime()) await deadlineChanged(tx, updated);
  });
}
