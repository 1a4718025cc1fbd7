import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CANDIDATE_SOURCES,
  HISTORY_KINDS,
  JOB_STATUSES,
  RECRUIT_STAGES,
  SCORECARD_VERDICTS,
  type KnockoutQuestion,
  type RecruitStage,
} from '../../../contracts/recruit';
import { skills } from './profile';
import { users } from './users';
import { workspaceId } from './workspaces';
import {
  createdAt,
  jsonList,
  jsonObject,
  parentRef,
  serialId,
  timestampNow,
  timestamps,
  weakRef,
} from './columns';

/** A job of a recruit workspace (spec 3 "Job"); closing sets `closed_at` to the day. */
export const recruitJobs = pgTable(
  'recruit_jobs',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('open'),
    closedAt: date('closed_at'),
    knockoutQuestions: jsonList<KnockoutQuestion>('knockout_questions'),
    scorecardCriteria: jsonList<string>('scorecard_criteria'),
    /** The owner's names for stages, by key; a stage left out reads as its default. */
    stageNames: jsonObject<Partial<Record<RecruitStage, string>>>('stage_names'),
    createdBy: weakRef('created_by', () => users.id),
    ...timestamps(),
  },
  (t) => [index('recruit_jobs_workspace_idx').on(t.workspaceId, t.status)],
);

/** The skills a job asks for, each weighted 0-100, required or not. */
export const recruitJobSkills = pgTable(
  'recruit_job_skills',
  {
    jobId: parentRef('job_id', () => recruitJobs.id),
    skillId: parentRef('skill_id', () => skills.id),
    weight: smallint('weight').notNull(),
    required: boolean('required').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.skillId] })],
);

/**
 * A person in a workspace's talent pool: one per e-mail and per phone (digits only) within the
 * workspace, so a second CV of the same person merges into this row.
 */
export const recruitCandidates = pgTable(
  'recruit_candidates',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    name: text('name').notNull(),
    /** Lower case. */
    email: text('email'),
    phone: text('phone'),
    /** Digits of `phone` (with a leading + kept), what duplicates are found by. */
    phoneKey: text('phone_key'),
    /** A Teamloop member (added from their profile, or applied signed in). */
    userId: weakRef('user_id', () => users.id),
    /** The member agreed to show their personality and availability (applied signed in). */
    profileConsent: boolean('profile_consent').notNull().default(false),
    source: text('source', { enum: CANDIDATE_SOURCES }).notNull(),
    experience: jsonList<string>('experience'),
    tags: jsonList<string>('tags'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('recruit_candidates_email_unique')
      .on(t.workspaceId, t.email)
      .where(sql`${t.email} is not null`),
    index('recruit_candidates_phone_idx').on(t.workspaceId, t.phoneKey),
    index('recruit_candidates_user_idx').on(t.userId),
  ],
);

/** A skill seen in a candidate's CV or profile, with the line or entry it was seen in. */
export const recruitCandidateSkills = pgTable(
  'recruit_candidate_skills',
  {
    candidateId: parentRef('candidate_id', () => recruitCandidates.id),
    skillId: parentRef('skill_id', () => skills.id),
    source: text('source', { enum: ['cv', 'profile'] }).notNull(),
    evidence: text('evidence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.candidateId, t.skillId] }),
    index('recruit_candidate_skills_skill_idx').on(t.skillId),
  ],
);

/** A candidate's stored CV; every one is kept when CVs merge. */
export const recruitCandidateFiles = pgTable(
  'recruit_candidate_files',
  {
    id: serialId(),
    candidateId: parentRef('candidate_id', () => recruitCandidates.id),
    jobId: weakRef('job_id', () => recruitJobs.id),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('recruit_candidate_files_candidate_idx').on(t.candidateId),
    uniqueIndex('recruit_candidate_files_storage_key_unique').on(t.storageKey),
  ],
);

export interface StoredKnockoutAnswer {
  question_id: string;
  question: string;
  answer: boolean | null;
  required_answer: boolean;
}

/** A candidate in one job's pipeline. */
export const recruitJobCandidates = pgTable(
  'recruit_job_candidates',
  {
    id: serialId(),
    jobId: parentRef('job_id', () => recruitJobs.id),
    candidateId: parentRef('candidate_id', () => recruitCandidates.id),
    stage: text('stage', { enum: RECRUIT_STAGES }).notNull().default('applied'),
    rejectionReason: text('rejection_reason'),
    note: text('note'),
    knockoutAnswers: jsonList<StoredKnockoutAnswer>('knockout_answers'),
    stageChangedAt: timestampNow('stage_changed_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('recruit_job_candidates_unique').on(t.jobId, t.candidateId),
    index('recruit_job_candidates_candidate_idx').on(t.candidateId),
  ],
);

/** One interviewer's scorecard of a candidate in a job; a second submission replaces it. */
export const recruitScorecards = pgTable(
  'recruit_scorecards',
  {
    id: serialId(),
    jobCandidateId: parentRef('job_candidate_id', () => recruitJobCandidates.id),
    interviewerId: weakRef('interviewer_id', () => users.id),
    ratings: jsonb('ratings').$type<{ criterion: string; rating: number }[]>().notNull(),
    verdict: text('verdict', { enum: SCORECARD_VERDICTS }).notNull(),
    note: text('note'),
    submittedAt: timestampNow('submitted_at'),
  },
  (t) => [uniqueIndex('recruit_scorecards_unique').on(t.jobCandidateId, t.interviewerId)],
);

/** What happened to a candidate: added, merged, moved, noted, scored. */
export const recruitHistory = pgTable(
  'recruit_history',
  {
    id: serialId(),
    candidateId: parentRef('candidate_id', () => recruitCandidates.id),
    jobId: weakRef('job_id', () => recruitJobs.id),
    kind: text('kind', { enum: HISTORY_KINDS }).notNull(),
    actorId: weakRef('actor_id', () => users.id),
    fromStage: text('from_stage', { enum: RECRUIT_STAGES }),
    toStage: text('to_stage', { enum: RECRUIT_STAGES }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('recruit_history_candidate_idx').on(t.candidateId)],
);

export type RecruitJobRow = typeof recruitJobs.$inferSelect;
export type RecruitCandidateRow = typeof recruitCandidates.$inferSelect;
export type RecruitJobCandidateRow = typeof recruitJobCandidates.$inferSelect;
