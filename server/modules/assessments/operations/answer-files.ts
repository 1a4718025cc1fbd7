import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import {
  assessmentEvaluables,
  assessmentFiles,
  type AssessmentEvaluableRow,
  type AssessmentFileRow,
} from '../../../db/schema';
import { conflict, forbidden, notFound } from '../../../http/errors';
import type { ReceivedForm } from '../../../storage/uploads';
import { loadAssessment, type AssessmentContext } from '../load';

/** At most this many files on the answers for one person. */
export const MAX_FILES_PER_EVALUABLE = 10;

/** Reads the upload when the operation is ready for it, taking at most `maxFiles` files. */
export type AnswerFilesSource = (maxFiles: number) => Promise<ReceivedForm>;

const present = (f: AssessmentFileRow) => ({
  id: f.id,
  evaluable_id: f.evaluableId,
  name: f.name,
  mime_type: f.mimeType,
  size: f.size,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});

/** The files on the answers for one person, presented. */
export const answerFilesOf = async (db: DbOrTx, evaluableId: number) =>
  (
    await db
      .select()
      .from(assessmentFiles)
      .where(eq(assessmentFiles.evaluableId, evaluableId))
      .orderBy(asc(assessmentFiles.id))
  ).map(present);

/**
 * Files on answers: the assessor adds and replaces them while their answers are a draft; they
 * read them, and so do owners and admins of a named assessment only (files can say who wrote
 * them, so an anonymous assessment shows them to nobody else). They are in no report.
 */
export async function loadAnswerFiles(
  db: DbOrTx,
  actor: Actor,
  evaluableId: number,
  need: 'read' | 'write',
): Promise<{ ctx: AssessmentContext; evaluable: AssessmentEvaluableRow }> {
  const [evaluable] = await db
    .select()
    .from(assessmentEvaluables)
    .where(eq(assessmentEvaluables.id, evaluableId));
  if (!evaluable) throw notFound('assessments:messages.not_found');
  const ctx = await loadAssessment(db, actor, evaluable.assessmentId, 'read');
  const own = evaluable.assessorId === ctx.access.userId;
  if (need === 'read' && !own && !(ctx.manager && ctx.assessment.named)) throw forbidden();
  if (need === 'write') {
    if (!own) throw forbidden();
    if (ctx.access.workspace.status === 'archived') {
      throw conflict('workspaces:messages.archived_read_only');
    }
    if (ctx.assessment.status !== 'open') throw conflict('assessments:messages.not_open');
    if (evaluable.status === 'submitted') {
      throw conflict('assessments:messages.already_submitted');
    }
  }
  return { ctx, evaluable };
}

/** Runs `write` over a received form: its files are published once it succeeded, else removed. */
export async function keepingFiles(form: ReceivedForm, write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    await form.discard();
    throw error;
  }
  await form.publish();
}
