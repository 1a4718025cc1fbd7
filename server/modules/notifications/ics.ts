import type { MeetingRow } from '../../db/schema';

/** Text escaped for an iCalendar value (RFC 5545 3.3.11). */
function escapeText(value: string) {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines longer than 75 octets are folded (RFC 5545 3.1). */
function fold(line: string) {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

/** One meeting as an .ics file any calendar imports ("add to calendar"). */
export function meetingIcs(meeting: MeetingRow, host: string, organizerEmail: string) {
  const description = [meeting.description ?? '', meeting.joinUrl ?? '']
    .filter(Boolean)
    .join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Teamloop//Meetings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:meeting-${meeting.id}@${host}`,
    `DTSTAMP:${stamp(meeting.createdAt)}`,
    `DTSTART:${stamp(meeting.startAt)}`,
    `DTEND:${stamp(meeting.endAt)}`,
    `SUMMARY:${escapeText(meeting.title)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    ...(meeting.joinUrl
      ? [`LOCATION:${escapeText(meeting.joinUrl)}`, `URL:${meeting.joinUrl}`]
      : []),
    `ORGANIZER:mailto:${organizerEmail}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
