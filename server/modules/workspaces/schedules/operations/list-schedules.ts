import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { schedulesQuery } from '@contracts/schedules';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { schedules, workspaceMembers } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentSchedule } from '../schedule';

/** Schedules of one of the actor's workspaces, or of all of them. */
export async function listSchedules(
  deps: WorkspacesDeps,
  actor: Actor,
  input: z.infer<typeof schedulesQuery>,
) {
  const { db } = deps;
  const { workspace_id: workspaceId, status } = input;
  if (workspaceId) await workspaceAccessFor(db, actor, workspaceId, 'view_workspace');
  const mine = db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, actor.userId));
  const rows = await db
    .select()
    .from(schedules)
    .where(
      and(
        workspaceId ? eq(schedules.workspaceId, workspaceId) : inArray(schedules.workspaceId, mine),
        status === 'archived' ? isNotNull(schedules.archivedAt) : isNull(schedules.archivedAt),
      ),
    )
    .orderBy(asc(schedules.startsOn), asc(schedules.id));
  return { schedules: rows.map(presentSchedule) };
}
