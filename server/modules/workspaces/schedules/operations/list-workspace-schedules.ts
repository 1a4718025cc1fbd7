import { asc, eq } from 'drizzle-orm';
import { workspaceOperation } from '../../../../core/workspace-access';
import { schedules } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentSchedule } from '../schedule';

/** Every schedule of a workspace, archived or not. */
export const listWorkspaceSchedules = workspaceOperation(
  'view_workspace',
  async (deps: WorkspacesDeps, access, _workspaceId: number) => {
    const rows = await deps.db
      .select()
      .from(schedules)
      .where(eq(schedules.workspaceId, access.workspace.id))
      .orderBy(asc(schedules.startsOn), asc(schedules.id));
    return { schedules: rows.map(presentSchedule) };
  },
);
