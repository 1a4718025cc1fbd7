import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  JOB_SKILLS_MAX,
  type changeJobStatusBody,
  type jobSkillBody,
  type renameStagesBody,
  type UpdateJobBody,
} from '@contracts/recruit';
import type { Actor } from '../../../core/actor';
import { recruitJobs, recruitJobSkills, skills, type RecruitJobRow } from '../../../db/schema';
import { notFound, validationFailed } from '../../../http/errors';
import type { Language } from '../../../i18n';
import { presentJob } from '../present';
import { loadJob } from './access';
import type { RecruitDeps } from './deps';

/** Today as YYYY-MM-DD (UTC): the day a closed job shows. */
const today = () => new Date().toISOString().slice(0, 10);

/** Loads the job for a change by someone who runs jobs, applies `change`, answers the job. */
async function changeJob(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language },
  change: (job: RecruitJobRow) => Promise<void>,
) {
  const { job, access } = await loadJob(deps.db, actor, input.jobId, 'manage_jobs', true);
  await change(job);
  const [fresh] = await deps.db.select().from(recruitJobs).where(eq(recruitJobs.id, job.id));
  return { job: await presentJob(deps.db, fresh, access, input.lang) };
}

/** Title, text, knockout questions, scorecard criteria. */
export function updateJob(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language; body: UpdateJobBody },
) {
  return changeJob(deps, actor, input, async (job) => {
    const { knockout_questions: questions, scorecard_criteria: criteria, ...text } = input.body;
    const kept = new Set(job.knockoutQuestions.map((q) => q.id));
    await deps.db
      .update(recruitJobs)
      .set({
        ...text,
        ...(questions && {
          knockoutQuestions: questions.map((q) => ({
            // A question keeps its id (answers given to it stay tied to it); a new one gets one.
            id: q.id && kept.has(q.id) ? q.id : randomBytes(6).toString('hex'),
            question: q.question,
            required_answer: q.required_answer,
          })),
        }),
        ...(criteria && { scorecardCriteria: criteria }),
        updatedAt: new Date(),
      })
      .where(eq(recruitJobs.id, job.id));
  });
}

/** Opens or closes a job: closing sets `closed_at` to today, reopening clears it (spec 4). */
export function changeJobStatus(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language; body: z.infer<typeof changeJobStatusBody> },
) {
  return changeJob(deps, actor, input, async (job) => {
    const closing = input.body.status === 'closed';
    if (job.status === input.body.status) return;
    await deps.db
      .update(recruitJobs)
      .set({ status: input.body.status, closedAt: closing ? today() : null, updatedAt: new Date() })
      .where(eq(recruitJobs.id, job.id));
  });
}

/** Adds a skill to the job or changes its weight and whether it is required. */
export function setJobSkill(
  deps: RecruitDeps,
  actor: Actor,
  input: {
    jobId: number;
    skillId: number;
    lang: Language;
    body: z.infer<typeof jobSkillBody>;
  },
) {
  return changeJob(deps, actor, input, async (job) => {
    const [skill] = await deps.db
      .select({ id: skills.id })
      .from(skills)
      .where(
        and(
          eq(skills.id, input.skillId),
          or(isNull(skills.workspaceId), eq(skills.workspaceId, job.workspaceId)),
        ),
      );
    if (!skill) throw notFound('recruit:errors.skill_not_found');
    const current = await deps.db
      .select({ skillId: recruitJobSkills.skillId })
      .from(recruitJobSkills)
      .where(eq(recruitJobSkills.jobId, job.id));
    if (current.length >= JOB_SKILLS_MAX && !current.some((row) => row.skillId === input.skillId)) {
      throw validationFailed({ skill: 'recruit:errors.too_many_skills' });
    }
    await deps.db
      .insert(recruitJobSkills)
      .values({ jobId: job.id, skillId: input.skillId, ...input.body })
      .onConflictDoUpdate({
        target: [recruitJobSkills.jobId, recruitJobSkills.skillId],
        set: input.body,
      });
  });
}

export function removeJobSkill(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; skillId: number; lang: Language },
) {
  return changeJob(deps, actor, input, async (job) => {
    const removed = await deps.db
      .delete(recruitJobSkills)
      .where(and(eq(recruitJobSkills.jobId, job.id), eq(recruitJobSkills.skillId, input.skillId)))
      .returning();
    if (removed.length === 0) throw notFound('recruit:errors.skill_not_found');
  });
}

/** Renames stages; an empty name goes back to the stage's default. Keys never change. */
export function renameStages(
  deps: RecruitDeps,
  actor: Actor,
  input: { jobId: number; lang: Language; body: z.infer<typeof renameStagesBody> },
) {
  return changeJob(deps, actor, input, async (job) => {
    const names = { ...job.stageNames };
    for (const { key, name } of input.body.stages) {
      if (name) names[key] = name;
      else delete names[key];
    }
    await deps.db
      .update(recruitJobs)
      .set({ stageNames: names, updatedAt: new Date() })
      .where(eq(recruitJobs.id, job.id));
  });
}
