import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { schedules } from '../../../../db/schema';
import { conflict } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';
import { loadSchedule } from '../load';
import { presentSchedule } from '../schedule';

/** Archives a schedule, or with `archived: false` restores it. */
export async function archiveSchedule(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { id: number; archived: boolean },
) {
  const row = await loadSchedule(deps.db, actor, input.id, true);
  if (input.archived && row.archivedAt) {
    throw conflict('workspaces:messages.schedule_already_archived');
  }
  if (!input.archived && !row.archivedAt) {
    throw conflict('workspaces:messages.schedule_not_archived');
  }
  const [updated] = await deps.db
    .update(schedules)
    .set({ archivedAt: input.archived ? new Date() : null, updatedAt: new Date() })
    .where(eq(schedules.id, row.id))
    .returning();
  return presentSchedule(updated);
}
