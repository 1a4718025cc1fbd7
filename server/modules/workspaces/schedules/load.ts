import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import type { DbOrTx } from '../../../db/client';
import { schedules } from '../../../db/schema';
import { notFound } from '../../../http/errors';

/** A schedule the actor may see (or change); other workspaces' schedules are not found. */
export async function loadSchedule(db: DbOrTx, actor: Actor, id: number, change: boolean) {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id));
  if (!row) throw notFound('workspaces:messages.schedule_not_found');
  await workspaceAccessFor(
    db,
    actor,
    row.workspaceId,
    change ? 'manage_schedules' : 'view_workspace',
    { change },
  );
  return row;
}
