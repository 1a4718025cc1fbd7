import { asc, eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { schedules } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentSchedule } from '../schedule';

/** Every schedule of a workspace, archived or not. */
export async function listWorkspaceSchedules(
  deps: WorkspacesDeps,
  actor: Actor,
  workspaceId: number,
) {
  const access = await workspaceAccessFor(deps.db, actor, workspaceId, 'view_workspace');
  const rows = await deps.db
    .select()
    .from(schedules)
    .where(eq(schedules.workspaceId, access.workspace.id))
    .orderBy(asc(schedules.startsOn), asc(schedules.id));
  return { schedules: rows.map(presentSchedule) };
}
