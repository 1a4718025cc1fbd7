import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { scheduleInput } from '@contracts/schedules';
import type { Actor } from '../../../../core/actor';
import { schedules } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { loadSchedule } from '../load';
import { presentSchedule, scheduleValues } from '../schedule';

/** Changes a schedule. */
export async function updateSchedule(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { id: number; schedule: z.infer<typeof scheduleInput> },
) {
  const row = await loadSchedule(deps.db, actor, input.id, true);
  const [updated] = await deps.db
    .update(schedules)
    .set({ ...scheduleValues(input.schedule), updatedAt: new Date() })
    .where(eq(schedules.id, row.id))
    .returning();
  return presentSchedule(updated);
}
