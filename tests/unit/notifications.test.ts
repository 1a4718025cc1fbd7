import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { signLinkToken, verifyLinkToken } from '@server/auth/signed-link';
import { fixedSigningKeys } from '@server/auth/signing-keys';
import { meetingIcs } from '@server/modules/notifications/ics';
import { nextDigestAt } from '@server/modules/notifications/digest';
import type { MeetingRow } from '@server/db/schema';

const SECRET = 'a-secret-long-enough-for-the-test';
const keys = fixedSigningKeys([SECRET]);

describe('signed settings links', () => {
  it('name their person until they expire, for their purpose only', async () => {
    const now = Date.UTC(2026, 0, 1);
    const token = signLinkToken(keys.current(), 'notification-settings', 42, 60_000, now);
    expect(await verifyLinkToken(keys, 'notification-settings', token, now)).toBe(42);
    expect(await verifyLinkToken(keys, 'notification-settings', token, now + 120_000)).toBeNull();
    expect(await verifyLinkToken(keys, 'other-purpose', token, now)).toBeNull();
    const stranger = fixedSigningKeys(['another-secret-entirely-here']);
    expect(await verifyLinkToken(stranger, 'notification-settings', token, now)).toBeNull();
    expect(
      await verifyLinkToken(keys, 'notification-settings', token.replace(/^42/, '43'), now),
    ).toBeNull();
    expect(await verifyLinkToken(keys, 'notification-settings', 'garbage', now)).toBeNull();
  });

  it('still open after a rotation, and links from before key ids too', async () => {
    const now = Date.UTC(2026, 0, 1);
    const token = signLinkToken(keys.current(), 'notification-settings', 42, 60_000, now);
    const rotated = fixedSigningKeys(['the-new-secret-after-a-rotation', SECRET]);
    expect(await verifyLinkToken(rotated, 'notification-settings', token, now)).toBe(42);
    const expires = Math.floor((now + 60_000) / 1000);
    const signature = createHmac('sha256', SECRET)
      .update(`notification-settings:42.${expires}`)
      .digest('base64url');
    const before = `42.${expires}.${signature}`;
    expect(await verifyLinkToken(rotated, 'notification-settings', before, now)).toBe(42);
    const retired = fixedSigningKeys(['the-new-secret-after-a-rotation']);
    expect(await verifyLinkToken(retired, 'notification-settings', token, now)).toBeNull();
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
