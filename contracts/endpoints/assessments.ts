import { endpoint } from '../endpoint';
import type {
  announcementAnswersBody,
  announcementQuestions,
  announcementReminders,
  answersBody,
  assessmentFileList,
  assessmentList,
  assessmentListQuery,
  assessmentResource,
  createAssessmentBody,
  evaluableList,
  exportQuery,
  overallReport,
  questionList,
  questionsWithAnswers,
  releaseBody,
  reminderOneBody,
  reportQuery,
  reportResource,
  restoreBody,
  sentCount,
  updateAssessmentBody,
  userAssessmentBody,
  userAssessmentQuery,
} from '../assessments';
import type { emptyResource } from '../common';

/** Spec 7.7: assessments, their answers, raters, reports and files. */
export const assessmentEndpoints = {
  list: endpoint('GET', 'core/workspaces/:id/assessments').of<{
    query: typeof assessmentListQuery;
    response: typeof assessmentList;
  }>(),
  get: endpoint('GET', 'core/assessments/:id').of<{ response: typeof assessmentResource }>(),
  create: endpoint('POST', 'core/workspaces/:id/assessments').of<{
    body: typeof createAssessmentBody;
    response: typeof assessmentResource;
  }>(),
  update: endpoint('PUT', 'core/assessments/:id').of<{
    body: typeof updateAssessmentBody;
    response: typeof assessmentResource;
  }>(),
  remove: endpoint('DELETE', 'core/assessments/:id').of<{ response: typeof emptyResource }>(),
  archive: endpoint('POST', 'core/assessments/:id/archive').of<{
    response: typeof assessmentResource;
  }>(),
  restore: endpoint('POST', 'core/assessments/:id/restore').of<{
    body: typeof restoreBody;
    response: typeof assessmentResource;
  }>(),
  close: endpoint('PUT', 'core/assessments/:id/close').of<{
    response: typeof assessmentResource;
  }>(),
  open: endpoint('PUT', 'core/assessments/:id/open').of<{ response: typeof assessmentResource }>(),
  release: endpoint('PUT', 'core/assessments/:id/release').of<{
    body: typeof releaseBody;
    response: typeof assessmentResource;
  }>(),
  questionsWithoutAnswers: endpoint('GET', 'core/assessments/:id/questions-without-answers').of<{
    response: typeof questionList;
  }>(),
  questions: endpoint('GET', 'core/assessments/:id/questions').of<{
    response: typeof questionsWithAnswers;
  }>(),
  answer: endpoint('POST', 'core/assessments/:id/questions').of<{
    body: typeof answersBody;
    response: typeof questionsWithAnswers.shape.evaluables.element;
  }>(),
  evaluables: endpoint('GET', 'core/assessments/:id/evaluables-by-owner').of<{
    response: typeof evaluableList;
  }>(),
  report: endpoint('GET', 'core/assessments/:id/report').of<{
    query: typeof reportQuery;
    response: typeof reportResource;
  }>(),
  overall: endpoint('GET', 'core/assessments/:id/overall-report-general-assessment').of<{
    response: typeof overallReport;
  }>(),
  remindAll: endpoint('POST', 'core/assessments/:id/send-reminder-for-all').of<{
    response: typeof sentCount;
  }>(),
  remind: endpoint('POST', 'core/assessments/:id/send-reminder').of<{
    body: typeof reminderOneBody;
    response: typeof sentCount;
  }>(),
  addRater: endpoint('POST', 'core/assessments/:id/user-assessment').of<{
    body: typeof userAssessmentBody;
    response: typeof evaluableList;
  }>(),
  removeRater: endpoint('DELETE', 'core/assessments/:id/user-assessment').of<{
    query: typeof userAssessmentQuery;
    response: typeof emptyResource;
  }>(),
  'export-report': endpoint('GET', 'core/assessments/:id/export-report').of<{
    query: typeof exportQuery;
    response: 'file';
  }>(),
  'export-question-report': endpoint('GET', 'core/assessments/:id/export-question-report').of<{
    query: typeof exportQuery;
    response: 'file';
  }>(),
  'export-detail-report': endpoint('GET', 'core/assessments/:id/export-detail-report').of<{
    query: typeof exportQuery;
    response: 'file';
  }>(),
  files: endpoint('GET', 'core/evaluables/:id/files').of<{ response: typeof assessmentFileList }>(),
  addFiles: endpoint('POST', 'core/evaluables/:id/files').of<{
    body: 'form';
    response: typeof assessmentFileList;
  }>(),
  file: endpoint('GET', 'core/evaluables/:id/files/:file').of<{ response: 'file' }>(),
  replaceFile: endpoint('PUT', 'core/edit-file/:id').of<{
    body: 'form';
    response: typeof assessmentFileList;
  }>(),
  announcements: endpoint('GET', 'core/announcements/reminder').of<{
    response: typeof announcementReminders;
  }>(),
  answerAnnouncement: endpoint('POST', 'core/announcements/:id/questions').of<{
    body: typeof announcementAnswersBody;
    response: typeof announcementQuestions;
  }>(),
};
