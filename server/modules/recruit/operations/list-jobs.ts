import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Job, JobListQuery } from '@contracts/recruit';
import { jobListQuery } from '@contracts/recruit';
import type { Actor } from '../../../core/actor';
import { recruitJobs } from '../../../db/schema';
import type { Language } from '../../../i18n';
import { containing, presentJob, presentJobs } from '../present';
import { loadJob, recruitAccess } from './access';
import type { RecruitDeps } from './deps';

/** A page of a recruit workspace's jobs, newest first. */
export async function listJobs(
  deps: RecruitDeps,
  actor: Actor,
  input: { workspaceId: number; query: JobListQuery; lang: Language },
) {
  const access = await recruitAccess(deps.db, actor, input.workspaceId, 'view_recruiting');
  const query = jobListQuery.parse(input.query);
  const where: SQL[] = [eq(recruitJobs.workspaceId, input.workspaceId)];
  if (query.status !== 'all') where.push(eq(recruitJobs.status, query.status));
  if (query.q) where.push(ilike(recruitJobs.title, containing(query.q)));
  const [{ total }] = await deps.db
    .select({ total: count() })
    .from(recruitJobs)
    .where(and(...where));
  const rows = await deps.db
    .select()
    .from(recruitJobs)
    .where(and(...where))
    .orderBy(desc(recruitJobs.createdAt), desc(recruitJobs.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data: Job[] = await presentJobs(deps.db, rows, access, input.lang);
  return { jobs: { data, meta: { page: query.page, per_page: query.per_page, total } } };
}

export async function showJob(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language },
) {
  const { job, access } = await loadJob(deps.db, actor, input.jobId, 'view_recruiting');
  return { job: await presentJob(deps.db, job, access, input.lang) };
}
