import { eq, inArray } from 'drizzle-orm';
import type { AccountDeletion, ExportSection, FileReferences } from '../../core/area';
import { rowsOfPerson, storageKeyFiles } from '../../core/export-sections';
import {
  recruitCandidateFiles,
  recruitCandidates,
  recruitHistory,
  recruitJobCandidates,
  recruitJobs,
  recruitScorecards,
} from '../../db/schema';
import { candidateSkillsOf } from './present';

/**
 * What recruiting holds about a person: their applications as a member (linked to their
 * profile), the jobs they opened, the scorecards they wrote and what they did to candidates.
 */
export const exportSections: ExportSection[] = [
  {
    name: 'recruit',
    tables: [recruitCandidates, recruitJobs, recruitScorecards, recruitHistory],
    read: async (db, userId) => {
      const applications = await db
        .select()
        .from(recruitCandidates)
        .where(eq(recruitCandidates.userId, userId));
      const ids = applications.map((a) => a.id);
      const inJobs =
        ids.length === 0
          ? []
          : await db
              .select({
                candidate_id: recruitJobCandidates.candidateId,
                job: recruitJobs.title,
                stage: recruitJobCandidates.stage,
                applied_at: recruitJobCandidates.createdAt,
              })
              .from(recruitJobCandidates)
              .innerJoin(recruitJobs, eq(recruitJobs.id, recruitJobCandidates.jobId))
              .where(inArray(recruitJobCandidates.candidateId, ids));
      const skills = await candidateSkillsOf(db, ids);
      const jobs = await rowsOfPerson(db, recruitJobs.createdBy, userId, {
        id: recruitJobs.id,
        title: recruitJobs.title,
        created_at: recruitJobs.createdAt,
      });
      const scorecards = await rowsOfPerson(db, recruitScorecards.interviewerId, userId, {
        job_candidate_id: recruitScorecards.jobCandidateId,
        ratings: recruitScorecards.ratings,
        verdict: recruitScorecards.verdict,
        note: recruitScorecards.note,
        submitted_at: recruitScorecards.submittedAt,
      });
      const actions = await rowsOfPerson(db, recruitHistory.actorId, userId, {
        kind: recruitHistory.kind,
        job_id: recruitHistory.jobId,
        from_stage: recruitHistory.fromStage,
        to_stage: recruitHistory.toStage,
        note: recruitHistory.note,
        at: recruitHistory.createdAt,
      });
      return {
        applications: applications.map((a) => ({
          workspace_id: a.workspaceId,
          name: a.name,
          email: a.email,
          phone: a.phone,
          profile_consent: a.profileConsent,
          experience: a.experience,
          skills: skills.filter((s) => s.candidateId === a.id).map((s) => s.evidence),
          jobs: inJobs.filter((j) => j.candidate_id === a.id),
        })),
        jobs_opened: jobs,
        scorecards,
        actions,
      };
    },
  },
];

/**
 * Jobs, candidates, scorecards and history are the workspace's hiring record: they stay.
 * A deleted member's applications are unlinked from the account and their consent withdrawn,
 * so nothing of the profile is shown any more; the CV they sent stays with the workspace like
 * any applicant's. Scorecards and history keep their text and show "deleted account".
 */
export const accountDeletion: AccountDeletion = {
  erases: [recruitCandidates],
  keeps: [recruitJobs, recruitScorecards, recruitHistory],
  async erase(tx, userId) {
    await tx
      .update(recruitCandidates)
      .set({ userId: null, profileConsent: false })
      .where(eq(recruitCandidates.userId, userId));
  },
};

/** `recruit_candidate_files.storage_key`: CVs, the workspace's; they go with it. */
export const files: FileReferences = storageKeyFiles(
  recruitCandidateFiles.storageKey,
  (workspaceId) => ({
    joins: [[recruitCandidates, eq(recruitCandidates.id, recruitCandidateFiles.candidateId)]],
    where: eq(recruitCandidates.workspaceId, workspaceId),
  }),
);
