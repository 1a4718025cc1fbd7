import type { AssessmentListStatus } from './api';

/** Query keys of the assessments area, one helper so invalidation stays in step. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  list: (workspaceId: number, status: AssessmentListStatus) =>
    ['assessments', 'list', workspaceId, status] as const,
  one: (id: number) => ['assessments', 'one', id] as const,
  questions: (id: number) => ['assessments', 'one', id, 'questions'] as const,
  report: (id: number, userId: number | 'me') =>
    ['assessments', 'one', id, 'report', userId] as const,
  overall: (id: number) => ['assessments', 'one', id, 'overall'] as const,
  evaluables: (id: number) => ['assessments', 'one', id, 'evaluables'] as const,
  workspace: (workspaceId: number) => ['assessments', 'workspace', workspaceId] as const,
  announcements: ['assessments', 'announcements'] as const,
  members: (workspaceId: number) => ['assessments', 'members', workspaceId] as const,
  files: (evaluableId: number) => ['assessments', 'files', evaluableId] as const,
};
