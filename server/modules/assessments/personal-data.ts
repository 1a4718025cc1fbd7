import { eq } from 'drizzle-orm';
import type { AccountDeletion, ExportSection, FileReferences } from '../../core/area';
import { personRows, rowsOfPerson, storageKeyFiles } from '../../core/export-sections';
import {
  assessmentAnswers,
  assessmentEvaluables,
  assessmentFiles,
  assessmentQuestions,
  assessments,
} from '../../db/schema';

/**
 * What assessments hold about a person: the assessments they made, the answers they gave
 * (with the files they attached), and which assessments ask about them. What others answered
 * about them is left out: it is theirs, and shown only through the released, anonymous report.
 */
export const exportSections: ExportSection[] = [
  personRows('assessments_created', assessments.createdBy, {
    id: assessments.id,
    workspace_id: assessments.workspaceId,
    name: assessments.name,
    created_at: assessments.createdAt,
  }),
  {
    name: 'assessment_answers_given',
    tables: [assessmentEvaluables, assessmentAnswers],
    read: async (db, userId) => {
      const given = await rowsOfPerson(
        db,
        assessmentEvaluables.assessorId,
        userId,
        {
          evaluable_id: assessmentEvaluables.id,
          assessment: assessments.name,
          about_user_id: assessmentEvaluables.evaluateeId,
          status: assessmentEvaluables.status,
          submitted_at: assessmentEvaluables.submittedAt,
        },
        [[assessments, eq(assessments.id, assessmentEvaluables.assessmentId)]],
      );
      const answers = await db
        .select({
          evaluable_id: assessmentAnswers.evaluableId,
          question: assessmentQuestions.title,
          rating: assessmentAnswers.rating,
          choice: assessmentAnswers.choice,
          text: assessmentAnswers.text,
        })
        .from(assessmentAnswers)
        .innerJoin(assessmentQuestions, eq(assessmentQuestions.id, assessmentAnswers.questionId))
        .innerJoin(assessmentEvaluables, eq(assessmentEvaluables.id, assessmentAnswers.evaluableId))
        .where(eq(assessmentEvaluables.assessorId, userId));
      return given.map(({ evaluable_id, ...row }) => ({
        ...row,
        answers: answers
          .filter((answer) => answer.evaluable_id === evaluable_id)
          .map(({ evaluable_id: _id, ...answer }) => answer),
      }));
    },
  },
  {
    name: 'assessments_about_me',
    tables: [assessmentEvaluables],
    read: (db, userId) =>
      db
        .selectDistinct({ assessment_id: assessments.id, assessment: assessments.name })
        .from(assessmentEvaluables)
        .innerJoin(assessments, eq(assessments.id, assessmentEvaluables.assessmentId))
        .where(eq(assessmentEvaluables.evaluateeId, userId)),
  },
  personRows('assessment_files', assessmentFiles.uploadedBy, {
    name: assessmentFiles.name,
    mime_type: assessmentFiles.mimeType,
    size: assessmentFiles.size,
    created_at: assessmentFiles.createdAt,
  }),
];

/**
 * Everything stays: assessments belong to their workspace, and answers count in reports about
 * other people (removing them would change those reports and could undo their anonymity).
 */
export const accountDeletion: AccountDeletion = {
  erases: [],
  keeps: [assessments, assessmentEvaluables, assessmentAnswers, assessmentFiles],
};

/** `assessment_files.storage_key`: files on assessment answers, which go with the workspace. */
export const files: FileReferences = storageKeyFiles(assessmentFiles.storageKey, (workspaceId) => ({
  joins: [
    [assessmentEvaluables, eq(assessmentEvaluables.id, assessmentFiles.evaluableId)],
    [assessments, eq(assessments.id, assessmentEvaluables.assessmentId)],
  ],
  where: eq(assessments.workspaceId, workspaceId),
}));
