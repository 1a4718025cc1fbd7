import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { assessmentEvaluables, assessments, workspaces } from '../../db/schema';
import { registerTodoSource } from '../../core/todo-sources';

/**
 * The 360s a person is asked to answer (issue 28: members could not find them): open
 * assessments with evaluables they assess and have not handed in, due or not. Answering
 * opens from the workspace's assessment list (`?answer=`), as its Answer button does.
 */
registerTodoSource('answer', async (db, scope) => {
  const rows = await db
    .select({
      id: assessments.id,
      name: assessments.name,
      workspaceId: assessments.workspaceId,
      workspaceName: workspaces.name,
      expiredAt: assessments.expiredAt,
      waiting: count(),
    })
    .from(assessments)
    .innerJoin(assessmentEvaluables, eq(assessmentEvaluables.assessmentId, assessments.id))
    .innerJoin(workspaces, eq(workspaces.id, assessments.workspaceId))
    .where(
      and(
        inArray(assessments.workspaceId, [...scope.workspaces.keys()]),
        eq(assessmentEvaluables.assessorId, scope.userId),
        ne(assessmentEvaluables.status, 'submitted'),
        eq(assessments.status, 'open'),
        eq(assessments.isAnnouncement, false),
      ),
    )
    .groupBy(
      assessments.id,
      assessments.name,
      assessments.workspaceId,
      workspaces.name,
      assessments.expiredAt,
    );
  return rows.map((row) => ({
    kind: 'answer' as const,
    id: row.id,
    name: row.name,
    workspace_id: row.workspaceId,
    workspace_name: row.workspaceName,
    link: `/workspaces/${row.workspaceId}/assessments?answer=${row.id}`,
    expired_at: row.expiredAt?.toISOString() ?? null,
    is_overdue: row.expiredAt !== null && row.expiredAt < scope.now,
    status: null,
    waiting: Number(row.waiting),
  }));
});
