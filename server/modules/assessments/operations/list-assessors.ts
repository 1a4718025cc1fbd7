import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { peopleByIds } from '../../../core/people';
import { assessmentEvaluables } from '../../../db/schema';
import { loadAssessment } from '../load';
import type { AssessmentsDeps } from './deps';

/** The assessors with how much they handed in (owners and admins). */
export async function listAssessors(deps: AssessmentsDeps, actor: Actor, id: number) {
  const { db } = deps;
  const ctx = await loadAssessment(db, actor, id, 'manage');
  const rows = await db
    .select({ userId: assessmentEvaluables.assessorId, status: assessmentEvaluables.status })
    .from(assessmentEvaluables)
    .where(eq(assessmentEvaluables.assessmentId, ctx.assessment.id));
  const people = await peopleByIds(
    db,
    rows.map((r) => r.userId),
  );
  const ids = [...new Set(rows.map((r) => r.userId))].sort((a, b) => a - b);
  return ids.map((userId) => ({
    user: people.get(userId)!,
    total: rows.filter((r) => r.userId === userId).length,
    submitted: rows.filter((r) => r.userId === userId && r.status === 'submitted').length,
  }));
}
