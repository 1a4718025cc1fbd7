import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tasks, type TaskRow } from '../../db/schema';
import type { TaskContext } from './load';
import { presentTask, viewerOf } from './present';

export const taskKinds = ['task', 'subtask'] as const;

/** Reads a task again after a change and presents it to the caller. */
export async function freshTask(db: DbOrTx, ctx: Pick<TaskContext, 'access'>, id: number) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return presentTask(db, row as TaskRow, viewerOf(ctx.access));
}
