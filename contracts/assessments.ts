import { z } from 'zod';
import { person } from './people';
import { rowId, rowIdText } from './common';

/** 360 assessments and announcements (spec 3 "Assessment", "Announcement", 4, 7.20, 7.21). */

export const ASSESSMENT_TYPES = ['general', 'team'] as const;
export const ASSESSMENT_STATUSES = ['open', 'closed', 'archived'] as const;
/** The list names the client may ask for: open = current, closed = previous. */
export const ASSESSMENT_LIST_STATUSES = [
  'open',
  'current',
  'closed',
  'previous',
  'archived',
] as const;
export const QUESTION_KINDS = ['rating', 'choice', 'text'] as const;
export const RATER_GROUPS = ['self', 'peer', 'reviewer', 'other'] as const;
export const EVALUABLE_STATUSES = ['pending', 'draft', 'submitted'] as const;
export const MIN_ANONYMITY_THRESHOLD = 3;
export const MAX_ANONYMITY_THRESHOLD = 10;

export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
export type RaterGroup = (typeof RATER_GROUPS)[number];
export type QuestionKind = (typeof QUESTION_KINDS)[number];

const id = z.number().int();
const timestamp = z.string();
const name = z.string().trim().min(1).max(200);
const when = z.iso.datetime({ offset: true }).nullable();
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const questionOptions = z
  .object({
    /** Rating: the top of the scale (1..scale) and an optional label per point. */
    scale: z.number().int().min(2).max(10).optional(),
    labels: z.array(z.string().trim().max(60)).max(10).optional(),
    /** Multiple choice: the choices. */
    choices: z.array(z.string().trim().min(1).max(200)).min(2).max(20).optional(),
  })
  .strict();
export type QuestionOptions = z.infer<typeof questionOptions>;

export const questionInput = z
  .object({
    kind: z.enum(QUESTION_KINDS),
    title: z.string().trim().min(1).max(500),
    required: z.boolean().default(true),
    options: questionOptions.default({}),
  })
  .strict();
export type QuestionInput = z.input<typeof questionInput>;

export const question = z.object({
  id,
  position: z.number().int(),
  kind: z.enum(QUESTION_KINDS),
  title: z.string(),
  required: z.boolean(),
  options: questionOptions,
});
export type Question = z.infer<typeof question>;

/** Who assesses whom, when created: rules that make evaluables from the workspace. */
export const WHO_RULES = ['self', 'teammates', 'reviewer', 'everyone', 'list'] as const;
export const evaluablesInput = z
  .object({
    /** The people assessed; omitted means every member of the workspace. */
    evaluatee_ids: z.array(rowId).max(500).optional(),
    rules: z.array(z.enum(WHO_RULES)).max(5).default(['self']),
    reviewer_id: rowId.optional(),
    /** For the hand-made list: pairs of assessor and person assessed. */
    pairs: z
      .array(z.object({ assessor_id: rowId, evaluatee_id: rowId }).strict())
      .max(2000)
      .optional(),
  })
  .strict();
/** The who-assesses-whom rules as stored on the assessment (shown in Edit to managers). */
export type RaterRules = z.infer<typeof evaluablesInput>;

export const createAssessmentBody = z
  .object({
    name,
    description: z.string().max(10_000).nullable().optional(),
    type: z.enum(ASSESSMENT_TYPES).default('general'),
    expired_at: when.optional(),
    color: hexColor.nullable().optional(),
    anonymity_threshold: z.number().int().default(MIN_ANONYMITY_THRESHOLD),
    named: z.boolean().default(false),
    questions: z.array(questionInput).min(1).max(100),
    who: evaluablesInput.optional(),
  })
  .strict();
export type CreateAssessmentBody = z.input<typeof createAssessmentBody>;

/**
 * Everything stays editable until the first answer is handed in; after that the questions,
 * type, named and who assesses whom are fixed and the threshold can only go up (409).
 * `who` replaces the rater plan (pairs the new rules do not name are removed).
 */
export const updateAssessmentBody = z
  .object({
    workspace_id: rowId,
    name: name.optional(),
    description: z.string().max(10_000).nullable().optional(),
    type: z.enum(ASSESSMENT_TYPES).optional(),
    expired_at: when.optional(),
    anonymity_threshold: z.number().int().optional(),
    named: z.boolean().optional(),
    questions: z.array(questionInput).min(1).max(100).optional(),
    who: evaluablesInput.optional(),
  })
  .strict();

export const schemaBody = z.object({ schema: z.object({ color: hexColor }).strict() }).strict();
export const restoreBody = z.object({ to: z.enum(['open', 'closed']).default('closed') }).strict();
export const releaseBody = z.object({ released: z.boolean() }).strict();

export const assessmentListQuery = z.object({ status: z.string().max(50).default('open') });
export const counts = z.object({ open: z.number(), closed: z.number(), archived: z.number() });

export const assessmentAbilities = z.object({
  manage: z.boolean(),
  view_report: z.boolean(),
  answer: z.boolean(),
});

/** How far answering went, which decides what Edit may still change (managers only). */
export const answeringState = z.object({
  /** Someone saved a draft or handed in. */
  started: z.boolean(),
  /** Someone handed in: questions, type, named and who assesses whom are fixed. */
  handed_in: z.boolean(),
});

export const assessment = z.object({
  id,
  workspace_id: id,
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(ASSESSMENT_TYPES),
  status: z.enum(ASSESSMENT_STATUSES),
  schema: z.object({ color: z.string().nullable() }),
  expired_at: timestamp.nullable(),
  anonymity_threshold: z.number().int(),
  named: z.boolean(),
  released: z.boolean(),
  is_announcement: z.boolean(),
  /** Share of evaluables submitted (all for managers, the caller's own otherwise). */
  percentage: z.number(),
  /** Whether the caller has submitted everything they were asked to. */
  all_assess_current_user: z.boolean(),
  evaluable_count: z.number().int(),
  created_by: person.nullable(),
  created_at: timestamp,
  permissions: assessmentAbilities,
  /** The rules last set for who assesses whom; managers only (null for others, or none set). */
  rater_rules: evaluablesInput.nullable(),
  /** Managers only (null for others). */
  answering: answeringState.nullable(),
});
export type Assessment = z.infer<typeof assessment>;

export const assessmentList = z.object({ assessments: z.array(assessment), counts });
export const assessmentResource = z.object({ assessment });

export const evaluable = z.object({
  id,
  assessment_id: id,
  assessor: person,
  evaluatee: person,
  rater_group: z.enum(RATER_GROUPS),
  status: z.enum(EVALUABLE_STATUSES),
  submitted_at: timestamp.nullable(),
});
export type Evaluable = z.infer<typeof evaluable>;
export const evaluableList = z.object({ evaluables: z.array(evaluable) });

export const answerValue = z
  .object({
    question_id: rowId,
    rating: z.number().int().min(0).max(10).nullable().optional(),
    choice: z.string().max(200).nullable().optional(),
    text: z.string().max(10_000).nullable().optional(),
  })
  .strict();
export const answersBody = z
  .object({
    evaluable_id: rowId,
    answers: z.array(answerValue).max(100),
    /** False keeps a draft; true hands it in (required questions must be answered). */
    submit: z.boolean().default(false),
  })
  .strict();
export type AnswersBody = z.input<typeof answersBody>;

export const questionsWithAnswers = z.object({
  questions: z.array(question),
  evaluables: z.array(
    evaluable.extend({
      answers: z.array(
        z.object({
          question_id: id,
          rating: z.number().nullable(),
          choice: z.string().nullable(),
          text: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type QuestionsWithAnswers = z.infer<typeof questionsWithAnswers>;
export const questionList = z.object({ questions: z.array(question) });

export const percentage = z.object({
  percentage: z.number(),
  submitted: z.number(),
  total: z.number(),
});

export const userAssessmentBody = z
  .object({
    assessor_id: rowId,
    evaluatee_id: rowId,
    rater_group: z.enum(RATER_GROUPS).optional(),
  })
  .strict();
export const userAssessmentQuery = z.object({
  assessor_id: rowIdText,
  evaluatee_id: rowIdText,
});
export const whoAssesses = z.object({
  /**
   * Owners and admins always get the names with each one's progress (never what they said);
   * the person assessed gets them only when the assessment is named, otherwise null and only
   * the group counts that pass the threshold.
   */
  people: z
    .array(
      person.extend({
        rater_group: z.enum(RATER_GROUPS),
        status: z.enum(EVALUABLE_STATUSES),
        evaluable_id: id,
      }),
    )
    .nullable(),
  groups: z.array(z.object({ group: z.enum(RATER_GROUPS), count: z.number().int() })),
});
export const assessorIdParam = z.object({ id: rowIdText, userId: rowIdText });
export const userIdParam = z.object({ id: rowIdText, userId: rowIdText });

/* Reports. Every figure comes through the anonymity module on the server. */
export const groupStats = z.object({
  group: z.enum(RATER_GROUPS),
  /** "other" may hold smaller groups merged into it. */
  merged: z.array(z.enum(RATER_GROUPS)),
  raters: z.number().int(),
  mean: z.number().nullable(),
  spread: z.number().nullable(),
});
export const questionReport = z.object({
  question_id: id,
  title: z.string(),
  kind: z.enum(QUESTION_KINDS),
  scale: z.number().int().nullable(),
  self: z.number().nullable(),
  others_mean: z.number().nullable(),
  others_spread: z.number().nullable(),
  groups: z.array(groupStats),
  choices: z.array(z.object({ choice: z.string(), count: z.number().int() })),
  /** Open text of the visible groups, without names, in a fixed order. */
  texts: z.array(z.string()),
});
export type QuestionReport = z.infer<typeof questionReport>;
export const insight = z.object({ question_id: id, title: z.string(), gap: z.number() });
export const personReport = z.object({
  evaluatee: person,
  questions: z.array(questionReport),
  strengths: z.array(insight),
  blind_spots: z.array(insight),
  contribution: z.number().nullable(),
});
export type PersonReport = z.infer<typeof personReport>;
export const reportQuery = z.object({
  evaluable_id: rowIdText.optional(),
  user_id: rowIdText.optional(),
});
export const reportResource = z.object({
  report: personReport,
  threshold: z.number().int(),
  released: z.boolean(),
});
export const overallReport = z.object({
  threshold: z.number().int(),
  released: z.boolean(),
  questions: z.array(questionReport),
  people: z.array(
    z.object({
      evaluatee: person,
      contribution: z.number().nullable(),
      others_mean: z.number().nullable(),
      self: z.number().nullable(),
    }),
  ),
  percentage,
  /** Answers handed in that no report counts yet: too few in their group so far. */
  waiting: z.number().int(),
});
export type OverallReport = z.infer<typeof overallReport>;
export const exportQuery = z.object({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  user_id: rowIdText.optional(),
  team_id: rowIdText.optional(),
});
export const userAnswers = z.object({
  evaluable: evaluable,
  answers: z.array(
    z.object({
      question_id: id,
      rating: z.number().nullable(),
      choice: z.string().nullable(),
      text: z.string().nullable(),
    }),
  ),
});
export const reminderOneBody = z.object({ user_id: rowId }).strict();
export const sentCount = z.object({ sent: z.number().int() });

/* Announcements (7.21). */
export const announcementReminders = z.object({
  announcements: z.array(
    z.object({
      id,
      workspace_id: id,
      name: z.string(),
      description: z.string().nullable(),
      questions: z.array(question),
    }),
  ),
});
export const announcementAnswersBody = z
  .object({ answers: z.array(answerValue).max(100) })
  .strict();
export const announcementQuestions = z.object({
  questions: z.array(question),
  answers: z.array(
    z.object({
      question_id: id,
      rating: z.number().nullable(),
      choice: z.string().nullable(),
      text: z.string().nullable(),
    }),
  ),
  answered: z.boolean(),
});
export const createAnnouncementBody = z
  .object({
    name,
    description: z.string().max(10_000).nullable().optional(),
    questions: z.array(questionInput).min(1).max(50),
  })
  .strict();
export { rowIdText };

/* Files on answers (same limits and storage as task files). */
export const assessmentFile = z.object({
  id,
  evaluable_id: id,
  name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AssessmentFile = z.infer<typeof assessmentFile>;
export const assessmentFileList = z.object({ files: z.array(assessmentFile) });
export const evaluableFileParams = z.object({ id: rowIdText, file: rowIdText });
export const editAssessmentFileFields = z
  .object({ name: z.string().trim().min(1).max(200).optional() })
  .strict();
