import type { Actor } from '../../../core/actor';
import { loadAssessment } from '../load';
import { buildReports } from '../report-data';
import type { AssessmentsDeps } from './deps';

/** The whole assessment, per question and per person (owners and admins). */
export async function overallReport(deps: AssessmentsDeps, actor: Actor, id: number) {
  const ctx = await loadAssessment(deps.db, actor, id, 'manage');
  return (await buildReports(deps.db, ctx.assessment, ctx.access.userId)).overall;
}
