import type { Schedule, ScheduleInput } from '@contracts/schedules';
import type { DbOrTx } from '../../../db/client';
import { schedules, type ScheduleRow } from '../../../db/schema';

export function presentSchedule(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    type: row.type,
    name: row.name,
    description: row.description,
    location: row.location,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    sessions: row.sessions,
    is_archived: row.archivedAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function scheduleValues(input: ScheduleInput) {
  return {
    type: input.type,
    name: input.name,
    description: input.description ?? null,
    location: input.location ?? null,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
    sessions: input.sessions,
  };
}

export async function insertSchedule(
  db: DbOrTx,
  workspaceId: number,
  createdBy: number,
  input: ScheduleInput,
) {
  const [row] = await db
    .insert(schedules)
    .values({ ...scheduleValues(input), workspaceId, createdBy })
    .returning();
  return row;
}
