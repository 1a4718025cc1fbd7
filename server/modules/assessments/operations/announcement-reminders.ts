import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import {
  assessmentEvaluables,
  assessmentQuestions,
  assessments,
  workspaceMembers,
} from '../../../db/schema';
import { presentQuestion } from '../questions';
import type { AssessmentsDeps } from './deps';

/** Open announcements of the actor's workspaces they have not answered, oldest first. */
export async function announcementReminders(deps: AssessmentsDeps, actor: Actor) {
  const { db } = deps;
  const answered = db
    .select({ id: assessmentEvaluables.assessmentId })
    .from(assessmentEvaluables)
    .where(
      and(
        eq(assessmentEvaluables.assessorId, actor.userId),
        eq(assessmentEvaluables.status, 'submitted'),
      ),
    );
  const rows = await db
    .select()
    .from(assessments)
    .where(
      and(
        eq(assessments.isAnnouncement, true),
        eq(assessments.status, 'open'),
        inArray(
          assessments.workspaceId,
          db
            .select({ id: workspaceMembers.workspaceId })
            .from(workspaceMembers)
            .where(
              and(
                eq(workspaceMembers.userId, actor.userId),
                inArray(workspaceMembers.role, ['owner', 'admin', 'member', 'viewer']),
              ),
            ),
        ),
        notInArray(assessments.id, answered),
      ),
    )
    .orderBy(asc(assessments.createdAt), asc(assessments.id))
    .limit(20);
  const questions =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(assessmentQuestions)
          .where(
            inArray(
              assessmentQuestions.assessmentId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(assessmentQuestions.position));
  return rows.map((r) => ({
    id: r.id,
    workspace_id: r.workspaceId,
    name: r.name,
    description: r.description,
    questions: questions.filter((q) => q.assessmentId === r.id).map(presentQuestion),
  }));
}
