import { asc, desc, eq } from 'drizzle-orm';
import type { JobCandidateDetail, Scorecard } from '@contracts/recruit';
import type { Actor } from '../../../core/actor';
import { nameColumns } from '../../../core/people';
import { privacyOfIds } from '../../../auth/privacy';
import type { DbOrTx } from '../../../db/client';
import {
  personalityAnswers,
  recruitCandidates,
  recruitHistory,
  recruitJobCandidates,
  recruitJobs,
  recruitScorecards,
  userProfiles,
  users,
  type RecruitCandidateRow,
  type RecruitJobCandidateRow,
  type RecruitJobRow,
} from '../../../db/schema';
import type { Language } from '../../../i18n';
import { presentSoftSkills } from '../../profile';
import { candidateFilesOf, presentJobCandidates } from '../present';
import { loadJobCandidate } from './access';
import type { RecruitDeps } from './deps';

const fullName = (user: { firstName: string; lastName: string; email: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

/**
 * A member's personality and availability: only with their consent (they applied signed in
 * and chose to share) and as far as their privacy options let the viewer see them.
 */
async function profileInsights(db: DbOrTx, viewer: Actor, candidate: RecruitCandidateRow) {
  if (!candidate.userId) return null;
  if (!candidate.profileConsent) return { consent: false, soft_skills: null, availability: null };
  const userId = candidate.userId;
  const privacy = await privacyOfIds(db, { id: viewer.userId, role: viewer.role }, [userId]);
  const [answers] = privacy.sees(userId, 'personality')
    ? await db.select().from(personalityAnswers).where(eq(personalityAnswers.userId, userId))
    : [];
  const [profile] = privacy.sees(userId, 'availability')
    ? await db.select().from(userProfiles).where(eq(userProfiles.userId, userId))
    : [];
  return {
    consent: true,
    soft_skills: privacy.sees(userId, 'personality')
      ? presentSoftSkills(userId, answers ?? null).soft_skills
      : null,
    availability: privacy.sees(userId, 'availability') ? (profile?.availability ?? []) : null,
  };
}

/** The candidate page: CV files, history, scorecards (others' only after one's own), profile. */
export async function presentJobCandidateDetail(
  db: DbOrTx,
  actor: Actor,
  job: RecruitJobRow,
  jobCandidate: RecruitJobCandidateRow,
  lang: Language,
): Promise<JobCandidateDetail> {
  const [candidate] = await db
    .select()
    .from(recruitCandidates)
    .where(eq(recruitCandidates.id, jobCandidate.candidateId));
  const [presented] = await presentJobCandidates(db, job, [{ jobCandidate, candidate }], lang);

  const history = await db
    .select({
      entry: recruitHistory,
      jobTitle: recruitJobs.title,
      actor: nameColumns,
    })
    .from(recruitHistory)
    .leftJoin(recruitJobs, eq(recruitJobs.id, recruitHistory.jobId))
    .leftJoin(users, eq(users.id, recruitHistory.actorId))
    .where(eq(recruitHistory.candidateId, candidate.id))
    .orderBy(desc(recruitHistory.createdAt), desc(recruitHistory.id));

  const cards = await db
    .select({
      card: recruitScorecards,
      interviewer: nameColumns,
    })
    .from(recruitScorecards)
    .leftJoin(users, eq(users.id, recruitScorecards.interviewerId))
    .where(eq(recruitScorecards.jobCandidateId, jobCandidate.id))
    .orderBy(asc(recruitScorecards.submittedAt));
  const presentCard = ({ card, interviewer }: (typeof cards)[number]): Scorecard => ({
    id: card.id,
    interviewer: {
      id: interviewer?.id ?? 0,
      name: interviewer ? fullName(interviewer) : '',
    },
    ratings: card.ratings,
    verdict: card.verdict,
    note: card.note,
    submitted_at: card.submittedAt.toISOString(),
  });
  const mine = cards.find((c) => c.card.interviewerId === actor.userId);

  const applications = await db
    .select({
      job_candidate_id: recruitJobCandidates.id,
      job_id: recruitJobs.id,
      job_title: recruitJobs.title,
      stage: recruitJobCandidates.stage,
    })
    .from(recruitJobCandidates)
    .innerJoin(recruitJobs, eq(recruitJobs.id, recruitJobCandidates.jobId))
    .where(eq(recruitJobCandidates.candidateId, candidate.id))
    .orderBy(desc(recruitJobCandidates.createdAt));

  return {
    ...presented,
    job_title: job.title,
    files: await candidateFilesOf(db, candidate.id),
    history: history.map(({ entry, jobTitle, actor: who }) => ({
      id: entry.id,
      kind: entry.kind,
      job_id: entry.jobId,
      job_title: jobTitle,
      actor: who ? { id: who.id, name: fullName(who) } : null,
      from_stage: entry.fromStage,
      to_stage: entry.toStage,
      note: entry.note,
      at: entry.createdAt.toISOString(),
    })),
    scorecard_criteria: job.scorecardCriteria,
    scorecards: {
      mine: mine ? presentCard(mine) : null,
      others: mine
        ? cards.filter((c) => c.card.interviewerId !== actor.userId).map(presentCard)
        : null,
      submitted_count: cards.length,
    },
    applications,
    profile: await profileInsights(db, actor, candidate),
  };
}

export async function showJobCandidate(
  deps: RecruitDeps,
  actor: Actor,
  input: { id: number; lang: Language },
) {
  const { job, jobCandidate } = await loadJobCandidate(deps.db, actor, input.id, 'view_recruiting');
  return {
    job_candidate: await presentJobCandidateDetail(deps.db, actor, job, jobCandidate, input.lang),
  };
}
