import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { TrackingEvent } from '@contracts/tasks';
import type { DbOrTx } from '../../db/client';
import { taskEvents } from '../../db/schema';
import { recordEvent } from '../../jobs';
import { loadPeople } from './people';

declare module '../../jobs' {
  interface DomainEvents {
    /**
     * What is done of a task may have changed: work accepted, returned, closed or reopened,
     * people (un)assigned, the task archived or restored, or its key results relinked.
     */
    'task.work_changed': { task_id: number };
  }
}

const WORK_ACTIONS = new Set<TaskAction>([
  'accepted',
  'returned',
  'closed_by_assignee',
  'opened_by_assignee',
  'assigned',
  'unassigned',
  'archived',
  'restored',
  'key_results_linked',
]);

/** What can happen to a task; each becomes one line on the tracking timeline. */
export type TaskAction =
  | 'created'
  | 'updated'
  | 'assigned'
  | 'unassigned'
  | 'reviewers_changed'
  | 'tags_changed'
  | 'key_results_linked'
  | 'color_changed'
  | 'submitted'
  | 'resubmitted'
  | 'answered'
  | 'answer_edited'
  | 'answer_deleted'
  | 'file_replaced'
  | 'files_changed'
  | 'returned'
  | 'accepted'
  | 'closed_by_assignee'
  | 'opened_by_assignee'
  | 'closed'
  | 'reopened'
  | 'commented'
  | 'archived'
  | 'restored'
  | 'reminded'
  | 'subtask_created'
  | 'moved'
  | 'made_subtask'
  | 'made_task';

export interface TaskEventInput {
  taskId: number;
  actorId: number;
  action: TaskAction;
  assignmentId?: number | null;
  details?: Record<string, unknown>;
}

export async function track(db: DbOrTx, events: TaskEventInput | TaskEventInput[]) {
  const list = Array.isArray(events) ? events : [events];
  if (list.length === 0) return;
  await db.insert(taskEvents).values(
    list.map((e) => ({
      taskId: e.taskId,
      actorId: e.actorId,
      action: e.action,
      assignmentId: e.assignmentId ?? null,
      details: e.details ?? {},
    })),
  );
  const workChanged = new Set(list.filter((e) => WORK_ACTIONS.has(e.action)).map((e) => e.taskId));
  for (const taskId of workChanged) await recordEvent(db, 'task.work_changed', { task_id: taskId });
}

/** What the caller did to the task of `ctx`: one event on its timeline, by them (see track). */
export function trackByCaller(
  db: DbOrTx,
  ctx: { task: { id: number }; userId: number },
  action: TaskAction,
  event: Pick<TaskEventInput, 'assignmentId' | 'details'> = {},
) {
  return track(db, { taskId: ctx.task.id, actorId: ctx.userId, action, ...event });
}

/**
 * The timeline, newest first. `onlyUnits` limits unit events to the given units (an assignee
 * sees what happened to the task and to their own work, not to others').
 */
export async function loadTracking(
  db: DbOrTx,
  taskId: number,
  onlyUnits: number[] | null,
): Promise<TrackingEvent[]> {
  const scope: SQL | undefined =
    onlyUnits === null
      ? undefined
      : onlyUnits.length
        ? or(isNull(taskEvents.assignmentId), inArray(taskEvents.assignmentId, onlyUnits))
        : isNull(taskEvents.assignmentId);
  const rows = await db
    .select()
    .from(taskEvents)
    .where(and(eq(taskEvents.taskId, taskId), scope))
    .orderBy(desc(taskEvents.id));
  const people = await loadPeople(
    db,
    rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])),
  );
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    actor: row.actorId === null ? null : (people.get(row.actorId) ?? null),
    assignment_id: row.assignmentId,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  }));
}
