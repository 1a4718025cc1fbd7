import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { createEventBody } from '@contracts/calendar';
import type { Actor } from '../../../core/actor';
import { calendarEvents } from '../../../db/schema';
import { recordInvitation } from '../notify';
import type { CalendarDeps } from './deps';
import { checkedEventValues, presentEvent, writeAttendees } from './event-rows';

/** A new event of the caller's; its attendees hear of it. */
export async function createEvent(
  deps: CalendarDeps,
  actor: Actor,
  input: z.output<typeof createEventBody>,
) {
  const { values, attendeeIds } = await checkedEventValues(deps.db, actor, input);
  const event = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarEvents)
      .values({ ...values, uid: `${randomUUID()}@teamloop`, createdBy: actor.userId })
      .returning();
    await writeAttendees(tx, row.id, attendeeIds);
    await recordInvitation(tx, invitationOf(row), attendeeIds, actor.userId);
    return row;
  });
  return presentEvent(deps.db, event, attendeeIds);
}

export const invitationOf = (row: typeof calendarEvents.$inferSelect) => ({
  id: row.id,
  title: row.title,
  start: row.startAt.toISOString(),
  time_zone: row.timeZone,
  workspace_id: row.workspaceId,
});
