import { inArray, eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { recruitCandidates, recruitJobCandidates } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { translator, type Language } from '../../../i18n';
import { catalogueOf, presentJobCandidates } from '../present';
import { CV_TYPES, documentText, readCv, type ReadCv } from '../reading';
import { loadJob } from './access';
import { skillsFromCv, storeCandidate } from './candidates';
import type { RecruitDeps } from './deps';
import { typeOf, withStagedDocuments, type DocumentFormSource } from './documents';

/** The name a CV without a readable one is filed under: its file name without the extension. */
const nameFromFile = (file: string) => file.replace(/\.[^.]+$/, '').slice(0, 120) || file;

/**
 * Adds candidates from several CVs (PDF or DOCX): each is read for name, e-mail, phone,
 * experience and skills, stored, and merged into a person already in the pool with the same
 * e-mail or phone. Files that cannot be read are listed with the reason; the rest are kept.
 */
export async function addCvCandidates(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language; receive: DocumentFormSource },
) {
  const { job } = await loadJob(deps.db, actor, input.jobId, 'manage_jobs', true);
  const t = translator(input.lang);
  const form = await input.receive();
  if (form.files.length === 0) throw validationFailed({ files: 'recruit:errors.cv_required' });
  const catalogue = await catalogueOf(deps.db, job.workspaceId);

  const failed: { file: string; message: string }[] = [];
  const readable: { name: string; bytes: Buffer; mimeType: string; read: ReadCv }[] = [];
  for (const file of form.files) {
    const mimeType = typeOf(file);
    if (!CV_TYPES.has(mimeType)) {
      failed.push({ file: file.name, message: t('recruit:errors.cv_type', { name: file.name }) });
      continue;
    }
    const text = await documentText(file.bytes, mimeType);
    if (!text?.trim()) {
      failed.push({ file: file.name, message: t('recruit:errors.unreadable') });
      continue;
    }
    readable.push({ ...file, mimeType, read: readCv(text, catalogue) });
  }

  const stored = await withStagedDocuments(deps.config, readable, (staged) =>
    deps.db.transaction(async (tx) => {
      const results = [];
      for (const [i, file] of staged.entries()) {
        const { read } = readable[i];
        const result = await storeCandidate(tx, {
          workspaceId: job.workspaceId,
          jobId: job.id,
          actorId: actor.userId,
          source: 'cv',
          name: read.name ?? nameFromFile(file.name),
          email: read.email,
          phone: read.phone,
          experience: read.experience,
          skills: skillsFromCv(read),
          file,
        });
        results.push({ ...result, file: file.name });
      }
      return results;
    }),
  );

  const ids = [...new Set(stored.map((result) => result.jobCandidate.id))];
  const rows =
    ids.length === 0
      ? []
      : await deps.db
          .select({ jobCandidate: recruitJobCandidates, candidate: recruitCandidates })
          .from(recruitJobCandidates)
          .innerJoin(recruitCandidates, eq(recruitCandidates.id, recruitJobCandidates.candidateId))
          .where(inArray(recruitJobCandidates.id, ids));
  return {
    job_candidates: await presentJobCandidates(deps.db, job, rows, input.lang),
    merged: stored
      .filter((result) => result.merged)
      .map((result) => ({ file: result.file, candidate_id: result.candidate.id })),
    failed,
  };
}
