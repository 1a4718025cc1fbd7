import { CALENDAR_RANGE_MAX_DAYS, type CalendarItem } from '@contracts/calendar';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor } from '../../../core/workspace-access';
import { users } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import { eventPath } from '../notify';
import { occurrencesBetween } from '../recurrence';
import type { CalendarDeps } from './deps';
import { deadlinesOf, eventsOf, meetingPath, meetingsOf } from './sources';

/**
 * The caller's calendar between `from` and `to`: events (each occurrence of a repeating one),
 * deadlines, check-ins and meetings, by start.
 */
export async function listCalendar(
  deps: CalendarDeps,
  actor: Actor,
  input: { from: string; to: string; workspaceId?: number },
): Promise<CalendarItem[]> {
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (to <= from) throw validationFailed({ to: 'calendar:messages.range_reversed' });
  if (to.getTime() - from.getTime() > CALENDAR_RANGE_MAX_DAYS * 86_400_000) {
    throw validationFailed({ to: 'calendar:messages.range_too_long' });
  }
  if (input.workspaceId !== undefined) {
    await workspaceAccessFor(deps.db, actor, input.workspaceId, 'view_workspace');
  }
  const range = { from, to, workspaceId: input.workspaceId };
  const [events, meetings, deadlines, [person]] = await Promise.all([
    eventsOf(deps.db, actor.userId, range),
    meetingsOf(deps.db, actor.userId, range),
    deadlinesOf(deps.db, { id: actor.userId, role: actor.role }, range),
    deps.db.select({ timeZone: users.timezone }).from(users).where(eq(users.id, actor.userId)),
  ]);
  // Deadlines and meetings are moments: shown in the person's own zone.
  const ownZone = person?.timeZone ?? 'UTC';
  const items: CalendarItem[] = [];
  for (const event of events) {
    const duration = event.endAt.getTime() - event.startAt.getTime();
    for (const start of occurrencesBetween(event, from, to)) {
      const occurrence = event.rrule ? start.toISOString() : null;
      items.push({
        key: occurrence ? `event:${event.id}:${occurrence}` : `event:${event.id}`,
        kind: 'event',
        id: event.id,
        title: event.title,
        start: start.toISOString(),
        end: new Date(start.getTime() + duration).toISOString(),
        all_day: event.allDay,
        time_zone: event.timeZone,
        workspace_id: event.workspaceId,
        link: eventPath(event.id),
        occurrence,
        recurring: event.rrule !== null,
        editable: event.createdBy === actor.userId,
      });
    }
  }
  for (const meeting of meetings) {
    items.push({
      key: `meeting:${meeting.id}`,
      kind: 'meeting',
      id: meeting.id,
      title: meeting.title,
      start: meeting.startAt.toISOString(),
      end: meeting.endAt.toISOString(),
      all_day: false,
      time_zone: ownZone,
      workspace_id: meeting.workspaceId,
      link: meetingPath(meeting.id),
      occurrence: null,
      recurring: false,
      editable: false,
    });
  }
  for (const deadline of deadlines) {
    items.push({
      key: `${deadline.kind}:${deadline.id}`,
      kind: deadline.kind,
      id: deadline.id,
      title: deadline.title,
      start: deadline.at.toISOString(),
      end: null,
      all_day: false,
      time_zone: ownZone,
      workspace_id: deadline.workspaceId,
      link: deadline.link,
      occurrence: null,
      recurring: false,
      editable: false,
    });
  }
  return items.sort((a, b) => a.start.localeCompare(b.start) || a.key.localeCompare(b.key));
}
