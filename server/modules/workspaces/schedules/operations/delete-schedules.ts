import { inArray } from 'drizzle-orm';
import { can } from '../../../../auth/permissions';
import type { Actor } from '../../../../core/actor';
import { loadWorkspaceAccess } from '../../../../core/workspace-access';
import { schedules } from '../../../../db/schema';
import { conflict, forbidden, notFound } from '../../../../http/errors';
import type { WorkspacesDeps } from '../../deps';

/** Deletes schedules, all or none; one the actor may not see is not found. */
export async function deleteSchedules(deps: WorkspacesDeps, actor: Actor, ids: number[]) {
  const { db } = deps;
  const unique = [...new Set(ids)];
  const rows = await db.select().from(schedules).where(inArray(schedules.id, unique));
  if (rows.length !== unique.length) throw notFound('workspaces:messages.schedule_not_found');
  for (const workspaceId of new Set(rows.map((r) => r.workspaceId))) {
    const access = await loadWorkspaceAccess(db, workspaceId, {
      id: actor.userId,
      role: actor.role,
    });
    if (!access || (!access.role && !access.isSupervisor)) {
      throw notFound('workspaces:messages.schedule_not_found');
    }
    if (!can(access, 'manage_schedules')) throw forbidden();
    if (access.workspace.status === 'archived') {
      throw conflict('workspaces:messages.archived_read_only');
    }
  }
  await db.delete(schedules).where(inArray(schedules.id, unique));
}
