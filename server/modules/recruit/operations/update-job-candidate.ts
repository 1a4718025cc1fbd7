import { eq } from 'drizzle-orm';
import type { ScorecardBody, UpdateJobCandidateBody } from '@contracts/recruit';
import type { Actor } from '../../../core/actor';
import {
  recruitCandidates,
  recruitHistory,
  recruitJobCandidates,
  recruitScorecards,
} from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import type { Language } from '../../../i18n';
import { loadJobCandidate } from './access';
import type { RecruitDeps } from './deps';
import { presentJobCandidateDetail } from './show-job-candidate';

/**
 * Moves a candidate to another stage, leaves a note, tags the person: one transaction, each
 * change a line of the candidate's history.
 */
export async function updateJobCandidate(
  deps: RecruitDeps,
  actor: Actor,
  input: { id: number; lang: Language; body: UpdateJobCandidateBody },
) {
  const { job, jobCandidate } = await loadJobCandidate(
    deps.db,
    actor,
    input.id,
    'move_candidates',
    true,
  );
  const { stage, note, rejection_reason: reason, tags } = input.body;
  const rejected = (stage ?? jobCandidate.stage) === 'rejected';
  if (reason !== undefined && !rejected) {
    throw validationFailed({ rejection_reason: 'recruit:errors.reason_only_rejected' });
  }
  const moved = stage !== undefined && stage !== jobCandidate.stage;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(recruitJobCandidates)
      .set({
        ...(moved && { stage, stageChangedAt: new Date() }),
        ...(moved && !rejected && { rejectionReason: null }),
        ...(reason !== undefined && { rejectionReason: reason || null }),
        ...(note !== undefined && { note: note || null }),
        updatedAt: new Date(),
      })
      .where(eq(recruitJobCandidates.id, jobCandidate.id));
    if (tags) {
      await tx
        .update(recruitCandidates)
        .set({ tags: [...new Set(tags)], updatedAt: new Date() })
        .where(eq(recruitCandidates.id, jobCandidate.candidateId));
    }
    const entry = { candidateId: jobCandidate.candidateId, jobId: job.id, actorId: actor.userId };
    if (moved) {
      await tx.insert(recruitHistory).values({
        ...entry,
        kind: 'stage',
        fromStage: jobCandidate.stage,
        toStage: stage,
        note: reason || null,
      });
    }
    if (note) await tx.insert(recruitHistory).values({ ...entry, kind: 'note', note });
  });
  const [fresh] = await deps.db
    .select()
    .from(recruitJobCandidates)
    .where(eq(recruitJobCandidates.id, jobCandidate.id));
  return {
    job_candidate: await presentJobCandidateDetail(deps.db, actor, job, fresh, input.lang),
  };
}

/**
 * An interviewer's scorecard: a rating (1-5) per criterion of the job and a verdict. Each
 * interviewer has one per candidate (submitting again replaces it), and sees the others' only
 * once their own is in, so no one is swayed before scoring.
 */
export async function submitScorecard(
  deps: RecruitDeps,
  actor: Actor,
  input: { id: number; lang: Language; body: ScorecardBody },
) {
  const { job, jobCandidate } = await loadJobCandidate(
    deps.db,
    actor,
    input.id,
    'score_candidates',
    true,
  );
  const criteria = input.body.ratings.map((r) => r.criterion);
  const unknown = criteria.filter((c) => !job.scorecardCriteria.includes(c));
  if (unknown.length > 0 || new Set(criteria).size !== criteria.length) {
    throw validationFailed({ ratings: 'recruit:errors.unknown_criterion' });
  }
  const values = {
    ratings: input.body.ratings,
    verdict: input.body.verdict,
    note: input.body.note || null,
    submittedAt: new Date(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(recruitScorecards)
      .values({ jobCandidateId: jobCandidate.id, interviewerId: actor.userId, ...values })
      .onConflictDoUpdate({
        target: [recruitScorecards.jobCandidateId, recruitScorecards.interviewerId],
        set: values,
      });
    await tx.insert(recruitHistory).values({
      candidateId: jobCandidate.candidateId,
      jobId: job.id,
      actorId: actor.userId,
      kind: 'scorecard',
    });
  });
  return {
    job_candidate: await presentJobCandidateDetail(deps.db, actor, job, jobCandidate, input.lang),
  };
}
