import type { z } from 'zod';
import type { scheduleInput } from '@contracts/schedules';
import { workspaceOperation } from '../../../../core/workspace-access';
import type { WorkspacesDeps } from '../../deps';
import { insertSchedule, presentSchedule } from '../schedule';

/** A new schedule in a workspace. */
export const createSchedule = workspaceOperation(
  'manage_schedules',
  async (
    deps: WorkspacesDeps,
    access,
    input: { workspaceId: number; schedule: z.infer<typeof scheduleInput> },
  ) => {
    const row = await insertSchedule(deps.db, access.workspace.id, access.userId, input.schedule);
    return presentSchedule(row);
  },
  { change: true },
);
