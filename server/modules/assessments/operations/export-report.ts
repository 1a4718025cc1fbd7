import type { TFunction } from 'i18next';
import type { Actor } from '../../../core/actor';
import { exportFile, type ExportKind } from '../exports';
import { loadAssessment } from '../load';
import { buildReports } from '../report-data';
import type { AssessmentsDeps } from './deps';

/** A report as an XLSX or CSV file, in the caller's language `t` (owners and admins). */
export async function exportReport(
  deps: AssessmentsDeps,
  actor: Actor,
  input: {
    id: number;
    kind: ExportKind;
    format: 'xlsx' | 'csv';
    userId?: number;
    teamId?: number;
    t: TFunction;
  },
) {
  const ctx = await loadAssessment(deps.db, actor, input.id, 'manage');
  const reports = await buildReports(deps.db, ctx.assessment, ctx.access.userId);
  return exportFile(input.kind, input.format, ctx.assessment, reports, input.t, {
    userId: input.userId,
    teamId: input.teamId,
  });
}
