import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../context';
import type { Area } from '../core/area';
import type { Database } from '../db/client';
import type { FileStorage } from './index';
import { referencedKeys } from './references';

export interface SweepResult {
  /** Staged files whose row committed before they were published (a crash in between). */
  published: number;
  /** Files, staged or not, that no row references and that are older than the grace period. */
  removed: number;
}

/**
 * Makes storage agree with the rows: publishes staged files whose row committed, removes files
 * no row references once they are older than `graceMs` (younger ones may belong to an upload
 * whose transaction is still running). Files are listed before rows are read, so a file
 * published while the sweep runs is never taken for an orphan. Which rows name files, each
 * area says (`files` in its index.ts).
 */
export async function sweepStoredFiles(
  areas: readonly Area[],
  db: Database,
  storage: FileStorage,
  graceMs: number,
  now = Date.now(),
): Promise<SweepResult> {
  const objects = await storage.list();
  const referenced = await referencedKeys(areas, db);
  const result: SweepResult = { published: 0, removed: 0 };
  const orphans: string[] = [];
  for (const object of objects) {
    if (referenced.has(object.key)) {
      if (object.staged) {
        await storage.publish([object.key]);
        result.published += 1;
      }
    } else if (now - object.modifiedAt.getTime() >= graceMs) {
      orphans.push(object.key);
    }
  }
  await storage.remove(orphans);
  result.removed = orphans.length;
  return result;
}

const SWEEP_QUEUE = 'stored_files_sweep';

/**
 * Sweeps once when the process is ready (awaited, so a server restarted after a crash starts
 * consistent: files whose row committed are published), then as a scheduled job every
 * `intervalMs`, which runs once across the processes of a deployment. Returns the hook that
 * does both.
 */
export function registerFileSweep(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  options: {
    areas: readonly Area[];
    storage: FileStorage;
    graceMs: number;
    intervalMs: number;
    log: FastifyBaseLogger;
  },
): () => Promise<void> {
  const { areas, storage, graceMs, log } = options;
  const sweep = async () => {
    const result = await sweepStoredFiles(areas, deps.db, storage, graceMs);
    if (result.published || result.removed) log.info(result, 'stored files swept');
  };
  const scheduleSweeps = deps.jobs.every(SWEEP_QUEUE, options.intervalMs, sweep);
  return async () => {
    try {
      await sweep();
    } catch (error) {
      log.error({ err: error }, 'stored file sweep failed');
    }
    await scheduleSweeps();
  };
}
