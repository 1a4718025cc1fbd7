import { describe, expect, it } from 'vitest';
import { signLinkToken, verifyLinkToken } from '@server/auth/signed-link';
import { meetingIcs } from '@server/modules/notifications/ics';
import { nextDigestAt } from '@server/modules/notifications/digest';
import type { MeetingRow } from '@server/db/schema';

const SECRET = 'a-secret-long-enough-for-the-test';

describe('signed settings links', () => {
  it('name their person until they expire, for their purpose only', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = signLinkToken(SECRET, 'notification-settings', 42, 60_000, now);
    expect(verifyLinkToken(SECRET, 'notification-settings', token, now)).toBe(42);
    expect(verifyLinkToken(SECRET, 'notification-settings', token, now + 120_000)).toBeNull();
    expect(verifyLinkToken(SECRET, 'other-purpose', token, now)).toBeNull();
    expect(
      verifyLinkToken('another-secret-entirely-here', 'notification-settings', token, now),
    ).toBeNull();
    expect(
      verifyLinkToken(SECRET, 'notification-settings', token.replace(/^42/, '43'), now),
    ).toBeNull();
    expect(verifyLinkToken(SECRET, 'notification-settings', 'garbage', now)).toBeNull();
  });
});

describe('meeting .ics', () => {
  it('escapes text and folds long lines', () => {
    const meeting: MeetingRow = {
      id: 7,
      workspaceId: 1,
      createdBy: 1,
      title: 'Plan; review, and agree\\decide',
      description: `Line one\n${'x'.repeat(120)}`,
      startAt: new Date('2026-03-01T09:00:00Z'),
      endAt: new Date('2026-03-01T09:30:00Z'),
      provider: 'link',
      joinUrl: 'https://meet.example/abc',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    };
    const ics = meetingIcs(meeting, 'teamloop.example', 'owner@example.com');
    expect(ics).toContain('SUMMARY:Plan\\; review\\, and agree\\\\decide\r\n');
    expect(ics).toContain('DTSTART:20260301T090000Z\r\n');
    expect(ics).toContain('UID:meeting-7@teamloop.example');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});

describe('the digest time', () => {
  it('is the next occurrence of the hour, UTC', () => {
    expect(nextDigestAt(7, new Date('2026-05-01T06:59:00Z')).toISOString()).toBe(
      '2026-05-01T07:00:00.000Z',
    );
    expect(nextDigestAt(7, new Date('2026-05-01T07:00:00Z')).toISOString()).toBe(
      '2026-05-02T07:00:00.000Z',
    );
  });
});
