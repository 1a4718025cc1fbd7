import type { z } from 'zod';
import type { scheduleInput } from '@contracts/schedules';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import type { WorkspacesDeps } from '../../deps';
import { insertSchedule, presentSchedule } from '../schedule';

/** A new schedule in a workspace. */
export async function createSchedule(
  deps: WorkspacesDeps,
  actor: Actor,
  input: { workspaceId: number; schedule: z.infer<typeof scheduleInput> },
) {
  const access = await workspaceAccessFor(deps.db, actor, input.workspaceId, 'manage_schedules', {
    change: true,
  });
  const row = await insertSchedule(deps.db, access.workspace.id, access.userId, input.schedule);
  return presentSchedule(row);
}
