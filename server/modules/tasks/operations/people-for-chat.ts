import { eq } from 'drizzle-orm';
import { operationOn } from '../../../core/actor';
import { taskAssignments, taskReviewers } from '../../../db/schema';
import { loadTask, type TaskKind } from '../load';
import { loadPeople, peopleOfUnit } from '../people';
import type { TasksDeps } from './deps';

/** Everyone on the task but the actor, by name: for starting a chat about it. */
export const peopleForChat = operationOn(
  (db, actor, input: { id: number; kind: TaskKind }) => loadTask(db, actor, input.id, input.kind),
  async ({ db }: TasksDeps, ctx) => {
    const [units, reviewers] = await Promise.all([
      db.select().from(taskAssignments).where(eq(taskAssignments.taskId, ctx.task.id)),
      db.select().from(taskReviewers).where(eq(taskReviewers.taskId, ctx.task.id)),
    ]);
    const ids = new Set<number>([ctx.task.createdBy, ...reviewers.map((r) => r.userId)]);
    for (const unit of units) (await peopleOfUnit(db, unit)).forEach((id) => ids.add(id));
    ids.delete(ctx.userId);
    const found = await loadPeople(db, ids);
    return [...found.values()]
      .filter((p) => !p.is_shadow)
      .sort((a, b) => a.name.localeCompare(b.name));
  },
);
