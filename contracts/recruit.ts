import { z } from 'zod';
import { MAX_PER_PAGE, paged, rowId, rowIdText } from './common';
import { softSkill, weekSlot } from './profile';

/**
 * Recruiting (spec 3 "Job", 4 "Job", 7.7, route /position/:id): jobs of a recruit workspace,
 * candidates from CVs, the public apply page and Teamloop profiles, screened by weighted skills.
 * Routes under /api/v2/recruit; docs/decisions/recruit.md.
 *
 * Pipeline stages, in order: `applied` (new, from a CV, the public page or a profile),
 * `screening` (being looked at), `interview`, `offer`, `hired`, and `rejected` (out of the
 * pipeline; a failed knockout question puts a public applicant here with a reason). Any stage
 * may move to any other; the keys never change, the owner may rename how each one reads.
 */
export const RECRUIT_STAGES = [
  'applied',
  'screening',
  'interview',
  'offer',
  'hired',
  'rejected',
] as const;
export type RecruitStage = (typeof RECRUIT_STAGES)[number];
export const recruitStage = z.enum(RECRUIT_STAGES);

export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Where a candidate came from (the first time; later CVs merge into the same person). */
export const CANDIDATE_SOURCES = ['cv', 'public', 'profile'] as const;
export type CandidateSource = (typeof CANDIDATE_SOURCES)[number];

/** Scorecard overall verdicts, Greenhouse style. */
export const SCORECARD_VERDICTS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type ScorecardVerdict = (typeof SCORECARD_VERDICTS)[number];

export const JOB_TITLE_MAX = 200;
export const JOB_DESCRIPTION_MAX = 50_000;
export const JOB_SKILLS_MAX = 50;
export const KNOCKOUT_MAX = 10;
export const CRITERIA_MAX = 12;
/** How many CVs one upload may carry. */
export const CV_UPLOAD_MAX_FILES = 20;
/** The largest CV or job description file (bytes). */
export const RECRUIT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const STAGE_NAME_MAX = 40;
export const TAG_MAX = 40;
export const NOTE_MAX = 5_000;

// ---------------------------------------------------------------- jobs

/** A skill the job asks for: weight 0-100 counts in the screening score; a required one must be there. */
export const jobSkill = z.object({
  skill_id: z.number().int(),
  /** In the caller's language. */
  name: z.string(),
  weight: z.number().int().min(0).max(100),
  required: z.boolean(),
});
export type JobSkill = z.infer<typeof jobSkill>;

/** A yes/no question on the apply form; a different answer than `required_answer` rejects. */
export const knockoutQuestion = z.object({
  /** Stable within the job (short random text), so answers stay tied to their question. */
  id: z.string(),
  question: z.string(),
  required_answer: z.boolean(),
});
export type KnockoutQuestion = z.infer<typeof knockoutQuestion>;

/** One stage as the job shows it: the fixed key, its (possibly renamed) label, how many are in it. */
export const jobStage = z.object({
  key: recruitStage,
  /** The owner's name for the stage, or null for the default (translated by the client). */
  name: z.string().nullable(),
  count: z.number().int(),
});
export type JobStage = z.infer<typeof jobStage>;

export const job = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(JOB_STATUSES),
  /** YYYY-MM-DD, the day the job was closed; null while open. */
  closed_at: z.string().nullable(),
  skills: z.array(jobSkill),
  knockout_questions: z.array(knockoutQuestion),
  /** What each interviewer rates on a scorecard. */
  scorecard_criteria: z.array(z.string()),
  /** All six stages in pipeline order. */
  stages: z.array(jobStage),
  candidate_count: z.number().int(),
  /** The public page's path in the app (`/position/:id`). */
  public_path: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: z.object({
    /** Edit, change status, skills, stages, add candidates. */
    manage: z.boolean(),
    /** Move candidates, write notes. */
    move: z.boolean(),
    /** Submit a scorecard. */
    score: z.boolean(),
  }),
});
export type Job = z.infer<typeof job>;

export const jobListQuery = z.object({
  status: z.enum([...JOB_STATUSES, 'all']).default('all'),
  /** Part of a title. */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(30),
});
export type JobListQuery = z.input<typeof jobListQuery>;
export const jobList = z.object({ jobs: paged(job) });
export const jobResource = z.object({ job });

/**
 * `workspaces/:id/jobs/upload-jd`, multipart: `file` (PDF, DOCX or plain text) or a `text` field,
 * optional `title`. Title, text and skills are read from it and can be edited afterwards.
 */
export const uploadJobFields = z.object({
  title: z.string().trim().min(1).max(JOB_TITLE_MAX).optional(),
  text: z.string().trim().min(1).max(JOB_DESCRIPTION_MAX).optional(),
});

const knockoutInput = z.object({
  /** Keep an existing question's id; a new question gets one. */
  id: z.string().trim().min(1).max(40).optional(),
  question: z.string().trim().min(1).max(300),
  required_answer: z.boolean(),
});
const criterionName = z.string().trim().min(1).max(80);

/** `PUT jobs/:id`: any of these; lists replace the whole list. */
export const updateJobBody = z
  .object({
    title: z.string().trim().min(1).max(JOB_TITLE_MAX),
    description: z.string().trim().max(JOB_DESCRIPTION_MAX),
    knockout_questions: z.array(knockoutInput).max(KNOCKOUT_MAX),
    scorecard_criteria: z
      .array(criterionName)
      .max(CRITERIA_MAX)
      .refine((list) => new Set(list).size === list.length, 'Each criterion may appear once.'),
  })
  .partial();
export type UpdateJobBody = z.infer<typeof updateJobBody>;

export const changeJobStatusBody = z.object({ status: z.enum(JOB_STATUSES) });

/** `PUT jobs/:id/skills/:skill` (skill = catalogue id): add or change; `DELETE` removes. */
export const jobSkillParams = z.object({ id: rowIdText, skill: rowIdText });
export const jobSkillBody = z.object({
  weight: z.number().int().min(0).max(100),
  required: z.boolean().default(false),
});

/** `PUT jobs/:id/stages`: rename stages; a null or empty name goes back to the default. */
export const renameStagesBody = z.object({
  stages: z
    .array(
      z.object({
        key: recruitStage,
        name: z.string().trim().max(STAGE_NAME_MAX).nullable(),
      }),
    )
    .min(1)
    .max(RECRUIT_STAGES.length),
});

// ---------------------------------------------------------------- candidates

/** A stored CV (or other file) of a candidate. */
export const candidateFile = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Sniffed from the bytes. */
  mime_type: z.string(),
  size: z.number().int(),
  /** The job it came with (null when that job is gone). */
  job_id: z.number().int().nullable(),
  created_at: z.string(),
  download_url: z.string(),
});
export type CandidateFile = z.infer<typeof candidateFile>;

/** Where a candidate's skill was seen: a line of their CV or an entry of their profile. */
export const skillEvidence = z.object({
  source: z.enum(['cv', 'profile']),
  text: z.string(),
});
export type SkillEvidence = z.infer<typeof skillEvidence>;

export const candidateSkill = z.object({
  skill_id: z.number().int(),
  name: z.string(),
  evidence: skillEvidence,
});

/**
 * A person in the workspace's talent pool: one per e-mail or phone across all the
 * workspace's jobs (a second CV merges into the same person and keeps both files).
 */
export const candidate = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Set when the person is a Teamloop member (added from their profile). */
  user_id: z.number().int().nullable(),
  source: z.enum(CANDIDATE_SOURCES),
  skills: z.array(candidateSkill),
  /** Experience lines read from the CV (or the profile's work entries). */
  experience: z.array(z.string()),
  tags: z.array(z.string()),
  created_at: z.string(),
});
export type Candidate = z.infer<typeof candidate>;

export const knockoutAnswer = z.object({
  question_id: z.string(),
  question: z.string(),
  answer: z.boolean().nullable(),
  required_answer: z.boolean(),
  passed: z.boolean(),
});

/** A candidate in one job's pipeline. */
export const jobCandidate = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  candidate,
  stage: recruitStage,
  /** Why they are rejected (a failed knockout question, or the mover's note). */
  rejection_reason: z.string().nullable(),
  /** The latest note. */
  note: z.string().nullable(),
  knockout_answers: z.array(knockoutAnswer),
  /** The weighted skill match for this job, 0-100. */
  score: z.number().int(),
  created_at: z.string(),
  stage_changed_at: z.string(),
});
export type JobCandidate = z.infer<typeof jobCandidate>;

export const jobCandidatesQuery = z.object({
  stage: recruitStage.optional(),
});
/** `GET jobs/:id/candidates-cv`: the pipeline board, every candidate of the job. */
export const jobCandidateList = z.object({ job_candidates: z.array(jobCandidate) });

/** `POST jobs/:id/candidates-cv`, multipart `files` (PDF or DOCX, up to 20). */
export const cvUploadResult = z.object({
  job_candidates: z.array(jobCandidate),
  /** Files that merged into a person already in the pool (by e-mail or phone). */
  merged: z.array(z.object({ file: z.string(), candidate_id: z.number().int() })),
  /** Files that could not be read, with a translated reason; the others are kept. */
  failed: z.array(z.object({ file: z.string(), message: z.string() })),
});

/** `POST jobs/:id/candidates-from-profiles`: Teamloop people the caller shares a workspace with. */
export const candidatesFromProfilesBody = z.object({
  user_ids: z
    .array(rowId)
    .min(1)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, 'Each person may appear once.'),
});
export const candidatesFromProfilesResult = z.object({ job_candidates: z.array(jobCandidate) });

/** `PUT job-candidates/:id`: move through the pipeline, leave a note, tag the person. */
export const updateJobCandidateBody = z
  .object({
    stage: recruitStage,
    note: z.string().trim().max(NOTE_MAX),
    /** Only with stage `rejected`. */
    rejection_reason: z.string().trim().max(500),
    /** The person's tags in the talent pool (replaces the list). */
    tags: z.array(z.string().trim().min(1).max(TAG_MAX)).max(20),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change.');
export type UpdateJobCandidateBody = z.infer<typeof updateJobCandidateBody>;

export const scorecard = z.object({
  id: z.number().int(),
  interviewer: z.object({ id: z.number().int(), name: z.string() }),
  ratings: z.array(z.object({ criterion: z.string(), rating: z.number().int().min(1).max(5) })),
  verdict: z.enum(SCORECARD_VERDICTS),
  note: z.string().nullable(),
  submitted_at: z.string(),
});
export type Scorecard = z.infer<typeof scorecard>;

/** `POST job-candidates/:id/scorecard`: one per interviewer per candidate (a second replaces it). */
export const scorecardBody = z.object({
  ratings: z
    .array(z.object({ criterion: criterionName, rating: z.number().int().min(1).max(5) }))
    .min(1)
    .max(CRITERIA_MAX),
  verdict: z.enum(SCORECARD_VERDICTS),
  note: z.string().trim().max(NOTE_MAX).optional(),
});
export type ScorecardBody = z.infer<typeof scorecardBody>;

export const HISTORY_KINDS = ['added', 'merged', 'stage', 'note', 'scorecard'] as const;
export const historyEntry = z.object({
  id: z.number().int(),
  kind: z.enum(HISTORY_KINDS),
  job_id: z.number().int().nullable(),
  job_title: z.string().nullable(),
  /** Null for the public page or when the account is gone. */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  from_stage: recruitStage.nullable(),
  to_stage: recruitStage.nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/**
 * Personality and availability from a member's Teamloop profile: only when the person agreed
 * (applied signed in and ticked sharing) and their privacy options let the viewer see them.
 */
export const profileInsights = z.object({
  consent: z.boolean(),
  soft_skills: z.array(softSkill).nullable(),
  availability: z.array(weekSlot).nullable(),
});

/** `GET job-candidates/:id`: the candidate page. */
export const jobCandidateDetail = jobCandidate.extend({
  job_title: z.string(),
  files: z.array(candidateFile),
  history: z.array(historyEntry),
  /** The job's criteria, what a scorecard rates. */
  scorecard_criteria: z.array(z.string()),
  scorecards: z.object({
    mine: scorecard.nullable(),
    /** Others' scorecards: null until the caller submitted their own (independent scoring). */
    others: z.array(scorecard).nullable(),
    submitted_count: z.number().int(),
  }),
  /** The person's other applications in this workspace. */
  applications: z.array(
    z.object({
      job_candidate_id: z.number().int(),
      job_id: z.number().int(),
      job_title: z.string(),
      stage: recruitStage,
    }),
  ),
  profile: profileInsights.nullable(),
});
export type JobCandidateDetail = z.infer<typeof jobCandidateDetail>;
export const jobCandidateResource = z.object({ job_candidate: jobCandidateDetail });
export const scorecardResult = z.object({ job_candidate: jobCandidateDetail });

// ---------------------------------------------------------------- screening

/** One job skill as a candidate meets it. */
export const screeningSkill = z.object({
  skill_id: z.number().int(),
  name: z.string(),
  weight: z.number().int(),
  required: z.boolean(),
  matched: z.boolean(),
  /** The CV line or profile entry it was seen in; null when not matched. */
  evidence: skillEvidence.nullable(),
});

/**
 * A screening row. Ordering: candidates with every required skill first, then by score
 * (weighted share of matched skills, 0-100), then by name.
 */
export const screeningRow = z.object({
  job_candidate_id: z.number().int(),
  candidate: candidate.pick({ id: true, name: true, email: true, phone: true, source: true }),
  stage: recruitStage,
  score: z.number().int(),
  /** Required skills the candidate lacks (empty when they have them all). */
  missing_required: z.array(z.object({ skill_id: z.number().int(), name: z.string() })),
  skills: z.array(screeningSkill),
  /** Failed a knockout question. */
  knocked_out: z.boolean(),
});
export type ScreeningRow = z.infer<typeof screeningRow>;
export const screeningQuery = z.object({
  /** Leave out rejected candidates unless asked. */
  include_rejected: z.enum(['true', 'false']).default('false'),
});
export const screeningResource = z.object({ rows: z.array(screeningRow) });

// ---------------------------------------------------------------- talent pool

export const talentPoolEntry = z.object({
  candidate,
  applications: z.array(
    z.object({
      job_candidate_id: z.number().int(),
      job_id: z.number().int(),
      job_title: z.string(),
      stage: recruitStage,
      created_at: z.string(),
    }),
  ),
  last_applied_at: z.string(),
  /** Weighted skill match against the job (job talent pool only; null in the workspace pool). */
  score: z.number().int().nullable(),
});
export type TalentPoolEntry = z.infer<typeof talentPoolEntry>;

export const talentPoolQuery = z.object({
  /** Part of a name, e-mail, phone or experience line. */
  q: z.string().trim().max(100).optional(),
  /** Only people with this catalogue skill. */
  skill_id: rowIdText.optional(),
  tag: z.string().trim().min(1).max(TAG_MAX).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(30),
});
export type TalentPoolQuery = z.input<typeof talentPoolQuery>;
/**
 * `workspaces/:id/talent-pool`: everyone who ever applied, newest first.
 * `jobs/:id/talent-pool`: the workspace's people not yet in this job, best match first.
 */
export const talentPoolList = z.object({ candidates: paged(talentPoolEntry) });

// ---------------------------------------------------------------- public page

/** `GET public/positions/:id` (no sign-in): the job and its form, nothing of any candidate. */
export const publicPosition = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  workspace_name: z.string(),
  open: z.boolean(),
  closed_at: z.string().nullable(),
  skills: z.array(z.object({ name: z.string(), required: z.boolean() })),
  /** Without the required answer. */
  knockout_questions: z.array(z.object({ id: z.string(), question: z.string() })),
});
export type PublicPosition = z.infer<typeof publicPosition>;
export const publicPositionResource = z.object({ position: publicPosition });

/**
 * `POST public/positions/:id/apply`, multipart: these text fields plus one `cv` file (PDF or
 * DOCX). `answers` is a JSON object `{ "<question id>": true | false }`, `share_profile` `true`/`false`. Rate limited; a
 * confirmation mail goes to `email` (as a job, after the answer).
 */
export const publicApplyFields = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().toLowerCase().email().max(254),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+()\d\s.-]*$/)
    .optional(),
  answers: z.record(z.string(), z.boolean()).default({}),
  /** Sent signed in: link the application to the caller's Teamloop profile and let the hiring
   * team see its personality and availability (within the profile's privacy options). */
  share_profile: z.boolean().default(false),
});
export type PublicApplyFields = z.input<typeof publicApplyFields>;
/** What the applicant sees: that it arrived, never who else applied. */
export const publicApplyResult = z.object({ applied: z.literal(true) });

export const candidateFileParams = z.object({ id: rowIdText });
