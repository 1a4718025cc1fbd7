import { and, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { TalentPoolEntry, TalentPoolQuery } from '@contracts/recruit';
import { talentPoolQuery } from '@contracts/recruit';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import {
  recruitCandidates,
  recruitCandidateSkills,
  recruitJobCandidates,
  recruitJobs,
  type RecruitCandidateRow,
} from '../../../db/schema';
import type { Language } from '../../../i18n';
import { candidateSkillsOf, containing, jobSkillsOf, matchOf, presentCandidates } from '../present';
import { loadJob, recruitAccess } from './access';
import type { RecruitDeps } from './deps';

/** The pool's filters: a part of name, e-mail, phone or experience; a skill; a tag. */
function poolFilters(workspaceId: number, query: ReturnType<typeof talentPoolQuery.parse>) {
  const where: SQL[] = [eq(recruitCandidates.workspaceId, workspaceId)];
  if (query.q) {
    const like = containing(query.q);
    where.push(
      or(
        ilike(recruitCandidates.name, like),
        ilike(recruitCandidates.email, like),
        ilike(recruitCandidates.phone, like),
        ilike(sql`${recruitCandidates.experience}::text`, like),
      )!,
    );
  }
  if (query.skill_id) {
    where.push(
      inArray(
        recruitCandidates.id,
        sql`(select ${recruitCandidateSkills.candidateId} from ${recruitCandidateSkills} where ${recruitCandidateSkills.skillId} = ${query.skill_id})`,
      ),
    );
  }
  if (query.tag) {
    where.push(sql`${recruitCandidates.tags} @> ${JSON.stringify([query.tag])}::jsonb`);
  }
  return where;
}

/** Pool entries with every application each person made in the workspace. */
async function entriesOf(
  db: DbOrTx,
  rows: readonly RecruitCandidateRow[],
  lang: Language,
  scores?: Map<number, number>,
): Promise<TalentPoolEntry[]> {
  const candidates = await presentCandidates(db, rows, lang);
  const applications =
    rows.length === 0
      ? []
      : await db
          .select({
            candidateId: recruitJobCandidates.candidateId,
            job_candidate_id: recruitJobCandidates.id,
            job_id: recruitJobs.id,
            job_title: recruitJobs.title,
            stage: recruitJobCandidates.stage,
            createdAt: recruitJobCandidates.createdAt,
          })
          .from(recruitJobCandidates)
          .innerJoin(recruitJobs, eq(recruitJobs.id, recruitJobCandidates.jobId))
          .where(
            inArray(
              recruitJobCandidates.candidateId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(desc(recruitJobCandidates.createdAt));
  return rows.map((row) => {
    const own = applications.filter((a) => a.candidateId === row.id);
    return {
      candidate: candidates.get(row.id)!,
      applications: own.map(({ candidateId: _c, createdAt, ...a }) => ({
        ...a,
        created_at: createdAt.toISOString(),
      })),
      last_applied_at: (own[0]?.createdAt ?? row.createdAt).toISOString(),
      score: scores?.get(row.id) ?? null,
    };
  });
}

/** Everyone who ever applied to the workspace's jobs, most recently active first. */
export async function workspaceTalentPool(
  deps: RecruitDeps,
  actor: Actor,
  input: { workspaceId: number; lang: Language; query: TalentPoolQuery },
) {
  await recruitAccess(deps.db, actor, input.workspaceId, 'view_recruiting');
  const query = talentPoolQuery.parse(input.query);
  const where = and(...poolFilters(input.workspaceId, query));
  const [{ total }] = await deps.db.select({ total: count() }).from(recruitCandidates).where(where);
  const rows = await deps.db
    .select()
    .from(recruitCandidates)
    .where(where)
    .orderBy(desc(recruitCandidates.updatedAt), desc(recruitCandidates.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data = await entriesOf(deps.db, rows, input.lang);
  return { candidates: { data, meta: { page: query.page, per_page: query.per_page, total } } };
}

/** The workspace's people not yet in this job, best skill match for it first. */
export async function jobTalentPool(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language; query: TalentPoolQuery },
) {
  const { job } = await loadJob(deps.db, actor, input.jobId, 'view_recruiting');
  const query = talentPoolQuery.parse(input.query);
  const inJob = deps.db
    .select({ id: recruitJobCandidates.candidateId })
    .from(recruitJobCandidates)
    .where(eq(recruitJobCandidates.jobId, job.id));
  const rows = await deps.db
    .select()
    .from(recruitCandidates)
    .where(and(...poolFilters(job.workspaceId, query), notInArray(recruitCandidates.id, inJob)));
  const jobSkills = (await jobSkillsOf(deps.db, [job.id], input.lang)).get(job.id) ?? [];
  const weighted = jobSkills.map((s) => ({
    skillId: s.skill_id,
    weight: s.weight,
    required: s.required,
  }));
  const skillRows = await candidateSkillsOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const scores = new Map(
    rows.map((row) => [
      row.id,
      matchOf(
        weighted,
        new Set(skillRows.filter((s) => s.candidateId === row.id).map((s) => s.skillId)),
      ).score,
    ]),
  );
  const ranked = [...rows].sort(
    (a, b) => scores.get(b.id)! - scores.get(a.id)! || a.name.localeCompare(b.name),
  );
  const page = ranked.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  const data = await entriesOf(deps.db, page, input.lang, scores);
  return {
    candidates: { data, meta: { page: query.page, per_page: query.per_page, total: rows.length } },
  };
}
