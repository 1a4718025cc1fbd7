import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ASSESSMENT_STATUSES,
  ASSESSMENT_TYPES,
  EVALUABLE_STATUSES,
  QUESTION_KINDS,
  RATER_GROUPS,
  type QuestionOptions,
  type RaterRules,
} from '../../../contracts/assessments';
import { personId, users } from './users';
import { workspaceId } from './workspaces';
import {
  parentRef,
  requiredRef,
  serialId,
  statusBeforeArchive,
  storedFile,
  timestampTz,
  timestamps,
  updatedAt,
  weakRef,
} from './columns';

/**
 * 360 assessments of a workspace (spec 3 "Assessment", 7.20). `status` is open (current),
 * closed (previous) or archived. `anonymity_threshold` is the fewest answers a rater group
 * needs before anything of it is shown (3..10); `named` says, from creation on, that raters
 * are shown by name; `released_at` is when the owner let members read their results.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: serialId(),
    workspaceId: workspaceId('workspace_id'),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: ASSESSMENT_TYPES }).notNull(),
    status: text('status', { enum: ASSESSMENT_STATUSES }).notNull().default('open'),
    color: text('color'),
    expiredAt: timestampTz('expired_at'),
    anonymityThreshold: smallint('anonymity_threshold').notNull().default(3),
    named: boolean('named').notNull().default(false),
    releasedAt: timestampTz('released_at'),
    /** The status it had before being archived, offered back on restore. */
    statusBeforeArchive: statusBeforeArchive(),
    /** When it is an announcement (spec 7.21): shown to everyone as a dialog on entry. */
    isAnnouncement: boolean('is_announcement').notNull().default(false),
    /** The who-assesses-whom rules last set at creation or in Edit (null: none recorded). */
    raterRules: jsonb('rater_rules').$type<RaterRules>(),
    createdBy: weakRef('created_by', () => users.id),
    ...timestamps(),
  },
  (t) => [index('assessments_workspace_idx').on(t.workspaceId, t.status)],
);

export const assessmentQuestions = pgTable(
  'assessment_questions',
  {
    id: serialId(),
    assessmentId: parentRef('assessment_id', () => assessments.id),
    position: integer('position').notNull(),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    title: text('title').notNull(),
    required: boolean('required').notNull().default(true),
    options: jsonb('options').$type<QuestionOptions>().notNull(),
  },
  (t) => [index('assessment_questions_assessment_idx').on(t.assessmentId, t.position)],
);

/**
 * Who assesses whom: one row per assessor and person assessed (an "evaluable"), with the
 * rater group the assessor belongs to for that person. Answers stay a draft until submitted.
 */
export const assessmentEvaluables = pgTable(
  'assessment_evaluables',
  {
    id: serialId(),
    assessmentId: parentRef('assessment_id', () => assessments.id),
    assessorId: personId('assessor_id'),
    evaluateeId: personId('evaluatee_id'),
    raterGroup: text('rater_group', { enum: RATER_GROUPS }).notNull(),
    /** The formed team both belong to, for team (peer) assessments. */
    teamId: integer('team_id'),
    status: text('status', { enum: EVALUABLE_STATUSES }).notNull().default('pending'),
    /**
     * The report pool a handed-in answer counts in, set once and never changed: answers join
     * reports in batches of at least the threshold (anonymity.ts); null until then.
     */
    reportPool: text('report_pool', { enum: RATER_GROUPS }),
    submittedAt: timestampTz('submitted_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assessment_evaluables_pair_unique').on(
      t.assessmentId,
      t.assessorId,
      t.evaluateeId,
    ),
    index('assessment_evaluables_assessor_idx').on(t.assessorId),
  ],
);

export const assessmentAnswers = pgTable(
  'assessment_answers',
  {
    id: serialId(),
    evaluableId: parentRef('evaluable_id', () => assessmentEvaluables.id),
    questionId: parentRef('question_id', () => assessmentQuestions.id),
    rating: integer('rating'),
    choice: text('choice'),
    text: text('text'),
  },
  (t) => [uniqueIndex('assessment_answers_unique').on(t.evaluableId, t.questionId)],
);

export type AssessmentRow = typeof assessments.$inferSelect;
export type AssessmentQuestionRow = typeof assessmentQuestions.$inferSelect;
export type AssessmentEvaluableRow = typeof assessmentEvaluables.$inferSelect;
export type AssessmentAnswerRow = typeof assessmentAnswers.$inferSelect;

/** Files an assessor attaches to their answers for one person (same storage as task files). */
export const assessmentFiles = pgTable(
  'assessment_files',
  {
    id: serialId(),
    evaluableId: parentRef('evaluable_id', () => assessmentEvaluables.id),
    uploadedBy: requiredRef('uploaded_by', () => users.id),
    ...storedFile(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('assessment_files_storage_key_unique').on(t.storageKey),
    index('assessment_files_evaluable_idx').on(t.evaluableId),
  ],
);
export type AssessmentFileRow = typeof assessmentFiles.$inferSelect;
