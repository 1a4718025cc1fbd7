import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { RecruitStage, ScreeningRow } from '@contracts/recruit';
import type { Actor } from '../../../core/actor';
import { recruitCandidates, recruitJobCandidates } from '../../../db/schema';
import type { Language } from '../../../i18n';
import { jobSkillsOf, matchOf, presentCandidates, presentJobCandidates } from '../present';
import { loadJob } from './access';
import type { RecruitDeps } from './deps';

function jobCandidateRows(deps: RecruitDeps, jobId: number, where: SQL[] = []) {
  return deps.db
    .select({ jobCandidate: recruitJobCandidates, candidate: recruitCandidates })
    .from(recruitJobCandidates)
    .innerJoin(recruitCandidates, eq(recruitCandidates.id, recruitJobCandidates.candidateId))
    .where(and(eq(recruitJobCandidates.jobId, jobId), ...where))
    .orderBy(desc(recruitJobCandidates.stageChangedAt), asc(recruitJobCandidates.id));
}

/** The pipeline board: every candidate of a job (or of one stage). */
export async function listJobCandidates(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language; stage?: RecruitStage },
) {
  const { job } = await loadJob(deps.db, actor, input.jobId, 'view_recruiting');
  const rows = await jobCandidateRows(
    deps,
    job.id,
    input.stage ? [eq(recruitJobCandidates.stage, input.stage)] : [],
  );
  return { job_candidates: await presentJobCandidates(deps.db, job, rows, input.lang) };
}

/**
 * Screening: each candidate against the job's weighted skills, with the evidence of every
 * matched skill. Candidates who have every required skill come first, then by score, then
 * by name; the rows of the others name the required skills they lack.
 */
export async function screenCandidates(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language; includeRejected: boolean },
) {
  const { job } = await loadJob(deps.db, actor, input.jobId, 'view_recruiting');
  const rows = await jobCandidateRows(
    deps,
    job.id,
    input.includeRejected ? [] : [ne(recruitJobCandidates.stage, 'rejected')],
  );
  const candidates = await presentCandidates(
    deps.db,
    rows.map((row) => row.candidate),
    input.lang,
  );
  const jobSkills = (await jobSkillsOf(deps.db, [job.id], input.lang)).get(job.id) ?? [];
  const weighted = jobSkills.map((s) => ({
    skillId: s.skill_id,
    weight: s.weight,
    required: s.required,
  }));
  const screened: ScreeningRow[] = rows.map(({ jobCandidate, candidate }) => {
    const presented = candidates.get(candidate.id)!;
    const evidence = new Map(presented.skills.map((s) => [s.skill_id, s.evidence]));
    const { score, missing } = matchOf(weighted, new Set(evidence.keys()));
    return {
      job_candidate_id: jobCandidate.id,
      candidate: {
        id: presented.id,
        name: presented.name,
        email: presented.email,
        phone: presented.phone,
        source: presented.source,
      },
      stage: jobCandidate.stage,
      score,
      missing_required: jobSkills
        .filter((s) => missing.includes(s.skill_id))
        .map((s) => ({ skill_id: s.skill_id, name: s.name })),
      skills: jobSkills.map((s) => ({
        ...s,
        matched: evidence.has(s.skill_id),
        evidence: evidence.get(s.skill_id) ?? null,
      })),
      knocked_out: jobCandidate.knockoutAnswers.some((a) => a.answer !== a.required_answer),
    };
  });
  screened.sort(
    (a, b) =>
      Number(a.missing_required.length > 0) - Number(b.missing_required.length > 0) ||
      b.score - a.score ||
      a.candidate.name.localeCompare(b.candidate.name),
  );
  return { rows: screened };
}
