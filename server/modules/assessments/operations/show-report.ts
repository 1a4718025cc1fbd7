import { operationOn } from '../../../core/actor';
import { forbidden, notFound } from '../../../http/errors';
import { loadAssessment } from '../load';
import { buildReports } from '../report-data';
import type { AssessmentsDeps } from './deps';
import { evaluableIn } from './evaluable-rows';

/**
 * One person's report, self against others by rater group: of anyone for owners and admins
 * (`userId`, or the person of `evaluableId`), otherwise the caller's own once released.
 */
export const showReport = operationOn(
  (db, actor, input: { id: number; userId?: number; evaluableId?: number }) =>
    loadAssessment(db, actor, input.id, 'read'),
  async ({ db }: AssessmentsDeps, ctx, input) => {
    const userId =
      input.evaluableId === undefined
        ? (input.userId ?? ctx.access.userId)
        : (await evaluableIn(db, ctx.assessment.id, input.evaluableId)).evaluateeId;
    if (!ctx.manager) {
      // A member reads only their own results, and only once released.
      if (userId !== ctx.access.userId) throw forbidden();
      if (!ctx.assessment.releasedAt) throw forbidden('assessments:messages.not_released');
    }
    const reports = await buildReports(db, ctx.assessment, ctx.access.userId);
    const report = reports.people.find((p) => p.evaluatee.id === userId);
    if (!report) throw notFound('assessments:messages.not_assessed');
    return {
      report,
      threshold: ctx.assessment.anonymityThreshold,
      released: ctx.assessment.releasedAt !== null,
    };
  },
);
