import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateEventBody } from '@contracts/calendar';
import type { Actor } from '../../../core/actor';
import { calendarEvents } from '../../../db/schema';
import { recordInvitation } from '../notify';
import { invitationOf } from './create-event';
import type { CalendarDeps } from './deps';
import { checkedEventValues, loadEvent, presentEvent, writeAttendees } from './event-rows';

/** Changes the caller's event; fields left out stay. People newly added hear of it. */
export async function updateEvent(
  deps: CalendarDeps,
  actor: Actor,
  input: z.output<typeof updateEventBody> & { id: number },
) {
  const { event, attendeeIds: before } = await loadEvent(deps.db, actor, input.id, {
    change: true,
  });
  const { values, attendeeIds } = await checkedEventValues(deps.db, actor, {
    title: input.title ?? event.title,
    description: input.description ?? event.description,
    location: input.location ?? event.location,
    start: input.start ?? event.startAt.toISOString(),
    end: input.end ?? event.endAt.toISOString(),
    all_day: input.all_day ?? event.allDay,
    time_zone: input.time_zone ?? event.timeZone,
    rrule: input.rrule === undefined ? event.rrule : input.rrule,
    exdates: input.exdates ?? event.exdates,
    workspace_id: input.workspace_id === undefined ? event.workspaceId : input.workspace_id,
    attendee_ids: input.attendee_ids ?? before,
    task_id: input.task_id === undefined ? event.taskId : input.task_id,
    meeting_id: input.meeting_id === undefined ? event.meetingId : input.meeting_id,
  });
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(calendarEvents)
      .set({ ...values, sequence: sql`${calendarEvents.sequence} + 1`, updatedAt: new Date() })
      .where(eq(calendarEvents.id, event.id))
      .returning();
    const added = await writeAttendees(tx, event.id, attendeeIds, before);
    await recordInvitation(tx, invitationOf(updated), added, actor.userId);
    return updated;
  });
  return presentEvent(deps.db, row, attendeeIds);
}
