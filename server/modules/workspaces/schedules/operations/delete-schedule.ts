import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { schedules } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { loadSchedule } from '../load';

/** Deletes a schedule. */
export async function deleteSchedule(deps: WorkspacesDeps, actor: Actor, id: number) {
  const row = await loadSchedule(deps.db, actor, id, true);
  await deps.db.delete(schedules).where(eq(schedules.id, row.id));
}
