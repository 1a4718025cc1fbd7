import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { LiveEventPayload } from '@contracts/realtime';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  assessmentEvaluables,
  assessments,
  reminderSettings,
  workspaceMembers,
  type AssessmentRow,
} from '../../db/schema';
import { claimEffect, recordEvent } from '../../jobs';
import { appLink } from '../../core/links';
import { mailRemindersOn, notifyOnEvent, type NotifyInput } from '../../core/notify';
import { registerPinTable } from '../../core/pin-targets';
import { dueReminder, registerReminderSource } from '../../core/reminder-sources';
import { registerStatusCounter } from '../../core/work-counters';
import { membershipIn } from '../../core/workspace-ids';

interface AssessmentReminder {
  assessment: { id: number; workspace_id: number; name: string; expired_at: string | null };
  recipients: number[];
  actor_id: number | null;
}

declare module '../../jobs' {
  interface DomainEvents {
    'assessment.reminder': AssessmentReminder;
    'assessment.deadline_set': { assessment_id: number; expired_at: string };
    /** One person handed in every evaluable they had in an assessment (LTI scores it 1/1). */
    'assessment.handed_in': AssessmentHandedIn;
  }
}

export interface AssessmentHandedIn {
  assessment: { id: number; workspace_id: number; name: string };
  user_id: number;
  handed_in: number;
  total: number;
}

/**
 * Tells everyone looking at the workspace that an assessment changed, so open lists, answering
 * screens and reports refetch. Only the ids: never who answered (anonymity holds here too).
 */
export function announceAssessmentChange(
  deps: Pick<AppDeps, 'realtime'>,
  assessment: Pick<AssessmentRow, 'id' | 'workspaceId'>,
) {
  const payload: LiveEventPayload<'assessment-changed'> = {
    id: assessment.id,
    workspace_id: assessment.workspaceId,
  };
  deps.realtime.toWorkspace(assessment.workspaceId, 'assessment-changed', payload);
}

/**
 * After a hand-in, in the same transaction: when the person has now handed in all their
 * evaluables of the assessment, records `assessment.handed_in` (once per person: a hand-in
 * cannot be undone, so the last one happens once).
 */
export async function recordHandedInIfComplete(
  tx: DbOrTx,
  assessment: Pick<AssessmentRow, 'id' | 'workspaceId' | 'name'>,
  userId: number,
) {
  const rows = await tx
    .select({ status: assessmentEvaluables.status })
    .from(assessmentEvaluables)
    .where(
      and(
        eq(assessmentEvaluables.assessmentId, assessment.id),
        eq(assessmentEvaluables.assessorId, userId),
      ),
    );
  const done = rows.filter((r) => r.status === 'submitted').length;
  if (rows.length === 0 || done < rows.length) return false;
  await recordEvent(tx, 'assessment.handed_in', {
    assessment: { id: assessment.id, workspace_id: assessment.workspaceId, name: assessment.name },
    user_id: userId,
    handed_in: done,
    total: rows.length,
  });
  return true;
}

/** The assessors who still have something to hand in, in workspaces they belong to. */
export async function pendingAssessors(db: DbOrTx, assessmentId: number, onlyUserId?: number) {
  const rows = await db
    .selectDistinct({ userId: assessmentEvaluables.assessorId })
    .from(assessmentEvaluables)
    .innerJoin(assessments, eq(assessments.id, assessmentEvaluables.assessmentId))
    .innerJoin(
      workspaceMembers,
      membershipIn(assessments.workspaceId, assessmentEvaluables.assessorId),
    )
    .where(
      and(
        eq(assessmentEvaluables.assessmentId, assessmentId),
        ne(assessmentEvaluables.status, 'submitted'),
        onlyUserId === undefined ? undefined : eq(assessmentEvaluables.assessorId, onlyUserId),
      ),
    );
  return rows.map((r) => r.userId);
}

/** Reminds people (notification and mail) once the caller's change commits. */
export async function remindAbout(
  tx: DbOrTx,
  assessment: AssessmentRow,
  recipients: number[],
  actorId: number | null,
) {
  const to = [...new Set(recipients)].filter((id) => id !== actorId);
  if (to.length === 0) return 0;
  await recordEvent(tx, 'assessment.reminder', {
    assessment: {
      id: assessment.id,
      workspace_id: assessment.workspaceId,
      name: assessment.name,
      expired_at: assessment.expiredAt?.toISOString() ?? null,
    },
    recipients: to,
    actor_id: actorId,
  });
  return to.length;
}

export async function deadlineChanged(tx: DbOrTx, assessment: AssessmentRow) {
  if (!assessment.expiredAt) return;
  await recordEvent(tx, 'assessment.deadline_set', {
    assessment_id: assessment.id,
    expired_at: assessment.expiredAt.toISOString(),
  });
}

const path = (a: { id: number; workspace_id: number }) =>
  `/workspaces/${a.workspace_id}/assessments?answer=${a.id}`;

function notificationOf({ assessment, recipients, actor_id }: AssessmentReminder): NotifyInput {
  return {
    userIds: recipients,
    kind: 'assessment_reminder',
    workspaceId: assessment.workspace_id,
    actorId: actor_id,
    reference: { type: 'assessment', id: assessment.id },
    data: {
      message_key: 'assessments:notifications.assessment_reminder',
      name: assessment.name,
      expired_at: assessment.expired_at,
    },
    link: path(assessment),
    // The reminder has its own mail below.
    skipEmail: true,
  };
}

const QUEUE = 'assessment_deadline_reminder';
interface DeadlineJob {
  assessment_id: number;
  expired_at: string;
}

/** Notifications, mail, and the reminder scheduled before each deadline. */
export function registerAssessmentJobs(deps: AppDeps) {
  notifyOnEvent(deps, 'assessment.reminder', notificationOf);
  mailRemindersOn(deps, 'assessment.reminder', ({ assessment, recipients }) => ({
    recipients,
    kind: 'assessment-reminder',
    words: 'assessments:mail.reminder',
    about: { assessment: assessment.name },
    due: assessment.expired_at,
    link: appLink(deps, path(assessment)),
  }));
  const leadMs = deps.config.TASK_REMINDER_LEAD_HOURS * 3_600_000;
  deps.jobs.on('assessment.deadline_set', 'schedule', async (event) => {
    const job: DeadlineJob = event.payload;
    await deps.jobs.send(QUEUE, job, {
      startAfter: new Date(new Date(job.expired_at).getTime() - leadMs),
      key: `${job.assessment_id}:${job.expired_at}`,
    });
  });
  deps.jobs.define<DeadlineJob>(QUEUE, async ({ assessment_id: id, expired_at: expiredAt }) => {
    const [assessment] = await deps.db.select().from(assessments).where(eq(assessments.id, id));
    if (!assessment || assessment.status !== 'open') return;
    if (assessment.expiredAt?.toISOString() !== expiredAt) return;
    const now = new Date();
    const pending = await pendingAssessors(deps.db, id);
    if (pending.length === 0) return;
    const aside = new Set(
      (
        await deps.db
          .select({ userId: reminderSettings.userId })
          .from(reminderSettings)
          .where(
            and(
              eq(reminderSettings.referenceType, 'assessment'),
              eq(reminderSettings.referenceId, id),
              or(isNull(reminderSettings.snoozedUntil), gt(reminderSettings.snoozedUntil, now)),
            ),
          )
      ).map((r) => r.userId),
    );
    await deps.db.transaction(async (tx) => {
      if (!(await claimEffect(tx, `assessment-deadline:${id}:${expiredAt}`))) return;
      await remindAbout(
        tx,
        assessment,
        pending.filter((p) => !aside.has(p)),
        null,
      );
    });
  });
}

/* Registrations in the shared core. Announcements are not assessments in any count. */

const realAssessments = (workspaceId: number) =>
  and(eq(assessments.workspaceId, workspaceId), eq(assessments.isAnnouncement, false));
registerStatusCounter('assessments', assessments, assessments.status, realAssessments);
registerPinTable('assessment', assessments, assessments.id, realAssessments);

registerReminderSource('assessment', {
  async list(db, userId, until) {
    const rows = await db
      .selectDistinct({
        id: assessments.id,
        name: assessments.name,
        workspaceId: assessments.workspaceId,
        expiredAt: assessments.expiredAt,
      })
      .from(assessments)
      .innerJoin(assessmentEvaluables, eq(assessmentEvaluables.assessmentId, assessments.id))
      .innerJoin(workspaceMembers, membershipIn(assessments.workspaceId, userId))
      .where(
        and(
          eq(assessmentEvaluables.assessorId, userId),
          ne(assessmentEvaluables.status, 'submitted'),
          eq(assessments.status, 'open'),
          eq(assessments.isAnnouncement, false),
          isNotNull(assessments.expiredAt),
          lte(assessments.expiredAt, until),
        ),
      )
      .orderBy(asc(assessments.expiredAt), asc(assessments.id));
    return rows.map((row) => dueReminder('assessment', row));
  },
  async concerns(db, userId, id) {
    const [row] = await db
      .select({ id: assessmentEvaluables.id })
      .from(assessmentEvaluables)
      .where(
        and(eq(assessmentEvaluables.assessmentId, id), eq(assessmentEvaluables.assessorId, userId)),
      )
      .limit(1);
    return row !== undefined;
  },
});
