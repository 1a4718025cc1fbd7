import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { type ICalCalendar } from 'ical-generator';
import type { CalendarEventRow, MeetingRow } from '../../db/schema';
import { dayjs } from './recurrence';
import type { Deadline } from './operations/sources';

/**
 * A person's calendar as RFC 5545 text (ical-generator): every zone used gets its VTIMEZONE
 * (@touch4it/ical-timezones), events carry their RRULE and EXDATEs in their own zone, and
 * deadlines, check-ins and meetings come as single events linking to the app.
 */
export function calendarIcs(input: {
  name: string;
  events: CalendarEventRow[];
  meetings: MeetingRow[];
  deadlines: Deadline[];
  link: (path: string) => string;
  eventPath: (id: number) => string;
  meetingPath: (id: number) => string;
}): string {
  const calendar: ICalCalendar = ical({
    prodId: { company: 'Teamloop', product: 'Calendar', language: 'EN' },
    name: input.name,
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const event of input.events) {
    const zoned = (date: Date) => dayjs(date).tz(event.timeZone);
    const exdates = event.exdates.map((date) =>
      event.allDay
        ? zoned(new Date(date)).format('YYYYMMDD')
        : zoned(new Date(date)).format('YYYYMMDDTHHmmss'),
    );
    const exdateLine =
      exdates.length === 0
        ? ''
        : event.allDay
          ? `\r\nEXDATE;VALUE=DATE:${exdates.join(',')}`
          : `\r\nEXDATE;TZID=${event.timeZone}:${exdates.join(',')}`;
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      start: zoned(event.startAt),
      end: zoned(event.endAt),
      allDay: event.allDay,
      timezone: event.allDay ? null : event.timeZone,
      summary: event.title,
      description: event.description || null,
      location: event.location || null,
      url: input.link(input.eventPath(event.id)),
      repeating: event.rrule ? `RRULE:${event.rrule}${exdateLine}` : null,
      created: event.createdAt,
      lastModified: event.updatedAt,
    });
  }
  for (const meeting of input.meetings) {
    calendar.createEvent({
      id: `meeting-${meeting.id}@teamloop`,
      start: meeting.startAt,
      end: meeting.endAt,
      summary: meeting.title,
      description: meeting.description,
      location: meeting.joinUrl,
      url: input.link(input.meetingPath(meeting.id)),
    });
  }
  for (const deadline of input.deadlines) {
    calendar.createEvent({
      id: `${deadline.kind}-${deadline.id}@teamloop`,
      start: deadline.at,
      end: deadline.at,
      summary: deadline.title,
      url: input.link(deadline.link),
      categories: [{ name: deadline.kind.toUpperCase().replace('_', '-') }],
    });
  }
  return calendar.toString();
}
