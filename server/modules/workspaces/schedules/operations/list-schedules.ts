import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { schedulesQuery } from '@contracts/schedules';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { schedules } from '../../../../db/schema';
import type { WorkspacesDeps } from '../../deps';
import { presentSchedule } from '../schedule';
import { workspaceIdsOf } from '../../../../core/workspace-ids';

/** Schedules of one of the actor's workspaces, or of all of them. */
export async function listSchedules(
  deps: WorkspacesDeps,
  actor: Actor,
  input: z.infer<typeof schedulesQuery>,
) {
  const { db } = deps;
  const { workspace_id: workspaceId, status } = input;
  if (workspaceId) await workspaceAccessFor(db, actor, workspaceId, 'view_workspace');
  const rows = await db
    .select()
    .from(schedules)
    .where(
      and(
        workspaceId
          ? eq(schedules.workspaceId, workspaceId)
          : inArray(schedules.workspaceId, workspaceIdsOf(db, actor.userId)),
        status === 'archived' ? isNotNull(schedules.archivedAt) : isNull(schedules.archivedAt),
      ),
    )
    .orderBy(asc(schedules.startsOn), asc(schedules.id));
  return { schedules: rows.map(presentSchedule) };
}
