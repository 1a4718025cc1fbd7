import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { teamFormationRuns } from '../../../db/schema';
import { runEngine } from '../engine';
import { requestOf } from '../present';

/**
 * Computes a run as a job and stores the outcome, so any process can answer the poll. A run
 * whose process died is taken up again once its job's lease ends (docs/decisions/events-and-jobs.md);
 * one already finished is left as it is.
 */
export async function computeRun(deps: { db: DbOrTx }, runId: number) {
  const { db } = deps;
  const [run] = await db.select().from(teamFormationRuns).where(eq(teamFormationRuns.id, runId));
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  const finish = (set: Partial<typeof teamFormationRuns.$inferInsert>) =>
    db.update(teamFormationRuns).set(set).where(eq(teamFormationRuns.id, run.id));
  try {
    await finish({ status: 'running', startedAt: new Date(), progress: 0 });
    // Progress is written at most every half second; a write still pending when the run ends is
    // waited for, so it cannot land after the result.
    let lastWrite = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const result = await runEngine(requestOf(run), (done) => {
      const now = Date.now();
      if (now - lastWrite < 500) return;
      lastWrite = now;
      pending = pending.then(() => finish({ progress: done })).catch(() => undefined);
    });
    await pending;
    await finish({
      status: 'done',
      progress: 1,
      result: result as unknown as Record<string, unknown>,
      finishedAt: new Date(),
    });
  } catch (error) {
    await finish({ status: 'failed', error: (error as Error).message, finishedAt: new Date() });
  }
}
