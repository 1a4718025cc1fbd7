import { eq } from 'drizzle-orm';
import { publicApplyFields, type PublicPosition } from '@contracts/recruit';
import type { DbOrTx } from '../../../db/client';
import { recruitJobs, workspaces, type StoredKnockoutAnswer } from '../../../db/schema';
import { conflict, notFound, unsupportedMediaType, validationFailed } from '../../../http/errors';
import type { Language } from '../../../i18n';
import { recordEvent } from '../../../jobs';
import { catalogueOf, jobSkillsOf } from '../present';
import { CV_TYPES, documentText, readCv } from '../reading';
import { skillsFromCv, storeCandidate } from './candidates';
import type { RecruitDeps } from './deps';
import { typeOf, withStagedDocuments, type DocumentFormSource } from './documents';

declare module '../../../jobs' {
  interface DomainEvents {
    /** Someone applied on the public page: they get a confirmation mail from a job. */
    'recruit.applied': {
      job_candidate_id: number;
      to: { email: string; name: string; language: Language };
      job_title: string;
      workspace: string;
    };
  }
}

/** A job as the public page may show it: in a recruit workspace, whatever its status. */
async function publicJob(db: DbOrTx, jobId: number) {
  const [row] = await db
    .select({ job: recruitJobs, workspace: workspaces })
    .from(recruitJobs)
    .innerJoin(workspaces, eq(workspaces.id, recruitJobs.workspaceId))
    .where(eq(recruitJobs.id, jobId))
    .limit(1);
  if (!row || row.workspace.workspaceType !== 'recruit') {
    throw notFound('recruit:errors.position_not_found');
  }
  return { ...row, open: row.job.status === 'open' && row.workspace.status !== 'archived' };
}

/** The public page (no sign-in): the job and its form, nothing of any candidate. */
export async function showPublicPosition(
  deps: RecruitDeps,
  input: { jobId: number; lang: Language },
): Promise<{ position: PublicPosition }> {
  const { job, workspace, open } = await publicJob(deps.db, input.jobId);
  const jobSkills = (await jobSkillsOf(deps.db, [job.id], input.lang)).get(job.id) ?? [];
  return {
    position: {
      id: job.id,
      title: job.title,
      description: job.description,
      workspace_name: workspace.name,
      open,
      closed_at: job.closedAt,
      skills: jobSkills.map((s) => ({ name: s.name, required: s.required })),
      knockout_questions: job.knockoutQuestions.map(({ id, question }) => ({ id, question })),
    },
  };
}

/** The form's text fields as the contract reads them: `answers` is JSON, `share_profile` a flag. */
function applyFieldsOf(fields: Record<string, string>) {
  let answers: unknown = {};
  try {
    answers = fields.answers ? JSON.parse(fields.answers) : {};
  } catch {
    throw validationFailed({ answers: 'common:validation.invalid' });
  }
  const parsed = publicApplyFields.safeParse({
    ...fields,
    answers,
    share_profile: fields.share_profile === 'true',
  });
  if (parsed.success) return parsed.data;
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    problems[String(issue.path[0] ?? 'body')] =
      issue.code === 'unrecognized_keys'
        ? 'common:validation.unrecognized_keys'
        : 'common:validation.invalid';
  }
  throw validationFailed(problems);
}

/**
 * Applies to a job from the public page. A closed job refuses (409). Every knockout question
 * must be answered; a wrong answer does not refuse the application (the applicant is told
 * nothing different) but files it at `rejected` with the question as the reason. The same
 * person applying again merges (both CVs kept). Signed in with `share_profile`, the
 * application is linked to the member's profile with their consent.
 */
export async function applyToPosition(
  deps: RecruitDeps,
  input: {
    jobId: number;
    lang: Language;
    /** The signed-in applicant, if any. */
    userId: number | null;
    receive: DocumentFormSource;
  },
) {
  const { job, workspace, open } = await publicJob(deps.db, input.jobId);
  if (!open) throw conflict('recruit:errors.job_closed');
  const form = await input.receive();
  const fields = applyFieldsOf(form.fields);
  const [cv] = form.files;
  if (!cv) throw validationFailed({ cv: 'recruit:errors.cv_required' });
  const mimeType = typeOf(cv);
  if (!CV_TYPES.has(mimeType))
    throw unsupportedMediaType('recruit:errors.cv_type', { name: cv.name });
  const text = await documentText(cv.bytes, mimeType);
  if (!text?.trim()) throw validationFailed({ cv: 'recruit:errors.unreadable' });

  const unanswered = job.knockoutQuestions.filter((q) => fields.answers[q.id] === undefined);
  if (unanswered.length > 0) throw validationFailed({ answers: 'recruit:errors.answer_required' });
  const answers: StoredKnockoutAnswer[] = job.knockoutQuestions.map((q) => ({
    question_id: q.id,
    question: q.question,
    answer: fields.answers[q.id],
    required_answer: q.required_answer,
  }));
  const failed = answers.filter((a) => a.answer !== a.required_answer);
  const read = readCv(text, await catalogueOf(deps.db, job.workspaceId));
  const linked = fields.share_profile && input.userId !== null;

  await withStagedDocuments(deps.config, [{ ...cv, mimeType }], ([file]) =>
    deps.db.transaction(async (tx) => {
      const { jobCandidate } = await storeCandidate(tx, {
        workspaceId: job.workspaceId,
        jobId: job.id,
        actorId: null,
        source: 'public',
        name: fields.name,
        email: fields.email,
        phone: fields.phone || read.phone,
        userId: linked ? input.userId : null,
        profileConsent: linked,
        experience: read.experience,
        skills: skillsFromCv(read),
        file,
        stage: failed.length > 0 ? 'rejected' : 'applied',
        rejectionReason: failed.length > 0 ? failed.map((a) => a.question).join('; ') : null,
        knockoutAnswers: answers,
      });
      await recordEvent(tx, 'recruit.applied', {
        job_candidate_id: jobCandidate.id,
        to: { email: fields.email, name: fields.name, language: input.lang },
        job_title: job.title,
        workspace: workspace.name,
      });
    }),
  );
  return { applied: true as const };
}
