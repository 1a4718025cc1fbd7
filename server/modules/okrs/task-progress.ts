import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { queryRows, type DbOrTx } from '../../db/client';
import {
  keyResultAnswers,
  keyResults,
  taskAssignments,
  taskKeyResults,
  tasks,
  type KeyResultRow,
} from '../../db/schema';
import { claimEffect } from '../../jobs';
import { recompute } from './check-ins';
import { okrsChanged } from './live';

/**
 * The value a key result that follows its tasks stands at: "done or not" is done once every
 * linked task is; a measured kind moves from its start towards its target by the share of
 * linked tasks done. A task is done when all of its work is closed (accepted by a reviewer, or
 * marked done by its assignee); archived tasks do not count. Null without linked tasks.
 */
export async function valueFromTasks(db: DbOrTx, keyResult: KeyResultRow) {
  const [row] = await queryRows<{ total: number; done: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where done)::int as done from (
          select t.id, coalesce(bool_and(a.status = 'closed'), false) as done
          from ${taskKeyResults} l
          join ${tasks} t on t.id = l.task_id and t.status <> 'archived'
          left join ${taskAssignments} a on a.task_id = t.id
          where l.key_result_id = ${keyResult.id}
          group by t.id
        ) linked`,
  );
  const total = Number(row.total);
  const done = Number(row.done);
  if (total === 0) return null;
  if (keyResult.kind === 'done') return done === total ? 1 : 0;
  return keyResult.startValue + ((keyResult.targetValue - keyResult.startValue) * done) / total;
}

/**
 * Brings a key result that follows its tasks in line with them: when the value changed, a
 * check-in made by Teamloop (no author, `from_tasks`) keeps the status and confidence people
 * last gave. Returns whether it moved.
 */
export async function syncFromTasks(tx: DbOrTx, keyResult: KeyResultRow) {
  if (!keyResult.progressFromTasks) return false;
  const value = await valueFromTasks(tx, keyResult);
  if (value === null || value === keyResult.currentValue) return false;
  await tx.insert(keyResultAnswers).values({
    keyResultId: keyResult.id,
    value,
    status: keyResult.status,
    confidence: keyResult.confidence,
    fromTasks: true,
  });
  await recompute(tx, keyResult);
  return true;
}

/** A task's work changed: the key results it counts towards follow, when their owners chose so. */
export function registerTaskProgress(deps: AppDeps) {
  deps.jobs.on('task.work_changed', 'key-results', async (event) => {
    const linked = await deps.db
      .select({ keyResult: keyResults })
      .from(taskKeyResults)
      .innerJoin(keyResults, eq(keyResults.id, taskKeyResults.keyResultId))
      .where(
        and(
          eq(taskKeyResults.taskId, event.payload.task_id),
          eq(keyResults.progressFromTasks, true),
        ),
      );
    for (const { keyResult } of linked) {
      const moved = await deps.db.transaction(async (tx) => {
        if (!(await claimEffect(tx, `event:${event.id}:key-result:${keyResult.id}`))) return false;
        // Read again inside the transaction: another event may have moved it meanwhile.
        const [fresh] = await tx.select().from(keyResults).where(eq(keyResults.id, keyResult.id));
        return fresh ? syncFromTasks(tx, fresh) : false;
      });
      if (moved) okrsChanged(deps, keyResult.workspaceId);
    }
  });
}
