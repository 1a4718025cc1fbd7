import { and, asc, count, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  RECRUIT_STAGES,
  type Candidate,
  type CandidateFile,
  type Job,
  type JobCandidate,
  type JobSkill,
  type RecruitStage,
} from '@contracts/recruit';
import type { WorkspaceAccess } from '../../core/workspace-access';
import type { DbOrTx } from '../../db/client';
import {
  recruitCandidateFiles,
  recruitCandidateSkills,
  recruitJobCandidates,
  recruitJobSkills,
  skills,
  type RecruitCandidateRow,
  type RecruitJobCandidateRow,
  type RecruitJobRow,
} from '../../db/schema';
import type { Language } from '../../i18n';
import { skillNamesById } from '../profile';
import { jobAbilities } from './operations/access';
import type { CatalogueSkill } from './reading';

export const RECRUIT_API = '/api/v2/recruit';

/** An ILIKE pattern for text containing `text`, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every skill a workspace's jobs and CVs are matched against: the shared list and its own. */
export function catalogueOf(db: DbOrTx, workspaceId: number): Promise<CatalogueSkill[]> {
  return db
    .select({ id: skills.id, name: skills.name, nameVi: skills.nameVi })
    .from(skills)
    .where(or(isNull(skills.workspaceId), eq(skills.workspaceId, workspaceId)))
    .orderBy(asc(skills.id));
}

export interface WeightedSkill {
  skillId: number;
  weight: number;
  required: boolean;
}

/**
 * The weighted skill match: the share of the job's weights the candidate has, 0-100 (0 for a
 * job without weights), and the required skills they lack.
 */
export function matchOf(jobSkills: readonly WeightedSkill[], has: ReadonlySet<number>) {
  const total = jobSkills.reduce((sum, s) => sum + s.weight, 0);
  const got = jobSkills.filter((s) => has.has(s.skillId)).reduce((sum, s) => sum + s.weight, 0);
  return {
    score: total === 0 ? 0 : Math.round((got / total) * 100),
    missing: jobSkills.filter((s) => s.required && !has.has(s.skillId)).map((s) => s.skillId),
  };
}

/** Each job's skills, named in the reader's language, heaviest first. */
export async function jobSkillsOf(
  db: DbOrTx,
  jobIds: readonly number[],
  lang: Language,
): Promise<Map<number, JobSkill[]>> {
  const result = new Map<number, JobSkill[]>(jobIds.map((id) => [id, []]));
  if (jobIds.length === 0) return result;
  const rows = await db
    .select()
    .from(recruitJobSkills)
    .where(inArray(recruitJobSkills.jobId, [...jobIds]));
  const names = await skillNamesById(
    db,
    rows.map((row) => row.skillId),
    lang,
  );
  for (const row of rows) {
    result.get(row.jobId)?.push({
      skill_id: row.skillId,
      name: names.get(row.skillId) ?? '',
      weight: row.weight,
      required: row.required,
    });
  }
  for (const list of result.values()) {
    list.sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name));
  }
  return result;
}

/** Jobs as the API shows them, their skills and stage counts read in one query each. */
export async function presentJobs(
  db: DbOrTx,
  jobs: readonly RecruitJobRow[],
  access: WorkspaceAccess,
  lang: Language,
): Promise<Job[]> {
  const ids = jobs.map((job) => job.id);
  const skillsByJob = await jobSkillsOf(db, ids, lang);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({
            jobId: recruitJobCandidates.jobId,
            stage: recruitJobCandidates.stage,
            count: count(),
          })
          .from(recruitJobCandidates)
          .where(inArray(recruitJobCandidates.jobId, ids))
          .groupBy(recruitJobCandidates.jobId, recruitJobCandidates.stage);
  const abilities = jobAbilities(access);
  return jobs.map((job) => {
    const stageCount = (stage: RecruitStage) =>
      counts.find((row) => row.jobId === job.id && row.stage === stage)?.count ?? 0;
    return {
      id: job.id,
      workspace_id: job.workspaceId,
      title: job.title,
      description: job.description,
      status: job.status,
      closed_at: job.closedAt,
      skills: skillsByJob.get(job.id) ?? [],
      knockout_questions: job.knockoutQuestions,
      scorecard_criteria: job.scorecardCriteria,
      stages: RECRUIT_STAGES.map((key) => ({
        key,
        name: job.stageNames[key] ?? null,
        count: stageCount(key),
      })),
      candidate_count: RECRUIT_STAGES.reduce((sum, stage) => sum + stageCount(stage), 0),
      public_path: `/position/${job.id}`,
      created_at: job.createdAt.toISOString(),
      updated_at: job.updatedAt.toISOString(),
      abilities,
    };
  });
}

export async function presentJob(
  db: DbOrTx,
  job: RecruitJobRow,
  access: WorkspaceAccess,
  lang: Language,
): Promise<Job> {
  const [presented] = await presentJobs(db, [job], access, lang);
  return presented;
}

/** The skills seen in these candidates, each with its evidence: one query for all. */
export async function candidateSkillsOf(db: DbOrTx, candidateIds: readonly number[]) {
  if (candidateIds.length === 0) return [];
  return db
    .select()
    .from(recruitCandidateSkills)
    .where(inArray(recruitCandidateSkills.candidateId, [...candidateIds]));
}

/** Candidates with their skills (and the evidence of each), one query for all. */
export async function presentCandidates(
  db: DbOrTx,
  rows: readonly RecruitCandidateRow[],
  lang: Language,
): Promise<Map<number, Candidate>> {
  const ids = rows.map((row) => row.id);
  const skillRows = await candidateSkillsOf(db, ids);
  const names = await skillNamesById(
    db,
    skillRows.map((row) => row.skillId),
    lang,
  );
  const result = new Map<number, Candidate>();
  for (const row of rows) {
    result.set(row.id, {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      user_id: row.userId,
      source: row.source,
      skills: skillRows
        .filter((skill) => skill.candidateId === row.id)
        .map((skill) => ({
          skill_id: skill.skillId,
          name: names.get(skill.skillId) ?? '',
          evidence: { source: skill.source, text: skill.evidence },
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      experience: row.experience,
      tags: row.tags,
      created_at: row.createdAt.toISOString(),
    });
  }
  return result;
}

/** Candidates of one job, each scored against the job's skills. */
export async function presentJobCandidates(
  db: DbOrTx,
  job: Pick<RecruitJobRow, 'id'>,
  rows: readonly { jobCandidate: RecruitJobCandidateRow; candidate: RecruitCandidateRow }[],
  lang: Language,
): Promise<JobCandidate[]> {
  const candidates = await presentCandidates(
    db,
    rows.map((row) => row.candidate),
    lang,
  );
  const jobSkills = (await jobSkillsOf(db, [job.id], lang)).get(job.id) ?? [];
  const weighted = jobSkills.map((s) => ({
    skillId: s.skill_id,
    weight: s.weight,
    required: s.required,
  }));
  return rows.map(({ jobCandidate, candidate }) => {
    const presented = candidates.get(candidate.id)!;
    const has = new Set(presented.skills.map((s) => s.skill_id));
    return {
      id: jobCandidate.id,
      job_id: jobCandidate.jobId,
      candidate: presented,
      stage: jobCandidate.stage,
      rejection_reason: jobCandidate.rejectionReason,
      note: jobCandidate.note,
      knockout_answers: jobCandidate.knockoutAnswers.map((answer) => ({
        ...answer,
        passed: answer.answer === answer.required_answer,
      })),
      score: matchOf(weighted, has).score,
      created_at: jobCandidate.createdAt.toISOString(),
      stage_changed_at: jobCandidate.stageChangedAt.toISOString(),
    };
  });
}

/** A candidate's stored files, newest first. */
export async function candidateFilesOf(db: DbOrTx, candidateId: number): Promise<CandidateFile[]> {
  const rows = await db
    .select()
    .from(recruitCandidateFiles)
    .where(and(eq(recruitCandidateFiles.candidateId, candidateId)))
    .orderBy(asc(recruitCandidateFiles.createdAt), asc(recruitCandidateFiles.id));
  return rows.map((file) => ({
    id: file.id,
    name: file.name,
    mime_type: file.mimeType,
    size: file.size,
    job_id: file.jobId,
    created_at: file.createdAt.toISOString(),
    download_url: `${RECRUIT_API}/candidate-files/${file.id}/download`,
  }));
}
