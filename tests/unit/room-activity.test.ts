import { describe, expect, it } from 'vitest';
import { RoomActivity } from '../../server/realtime/room-activity';

describe('RoomActivity', () => {
  const start = 1_000_000;
  const clockAt = (at: { now: number }) => () => at.now;

  it('answers missed only for a room with a send since then, allowing for skew', () => {
    const at = { now: start };
    const activity = new RoomActivity(clockAt(at));
    at.now = start + 10_000;
    activity.touch(['workspace-1']);
    at.now = start + 20_000;
    expect(activity.missedSince(['workspace-2'], start + 5_000)).toBe(false);
    expect(activity.missedSince(['workspace-1'], start + 5_000)).toBe(true);
    // A send up to SKEW_MS before `since` still counts: another clock may be behind.
    expect(activity.missedSince(['workspace-1'], start + 11_500)).toBe(true);
    expect(activity.missedSince(['workspace-1'], start + 12_500)).toBe(false);
  });

  it('answers missed when it cannot know: before it started, or older than it remembers', () => {
    const at = { now: start };
    const activity = new RoomActivity(clockAt(at));
    expect(activity.missedSince(['user-1'], start + 1_000)).toBe(true);
    at.now = start + RoomActivity.REMEMBER_MS * 2;
    expect(activity.missedSince(['user-1'], at.now - RoomActivity.REMEMBER_MS - 5_000)).toBe(true);
    expect(activity.missedSince(['user-1'], at.now - 60_000)).toBe(false);
  });

  it('forgets sends older than anyone may ask about', () => {
    const at = { now: start };
    const activity = new RoomActivity(clockAt(at));
    activity.touch(['user-1']);
    at.now = start + RoomActivity.REMEMBER_MS + RoomActivity.SKEW_MS + 1;
    activity.prune();
    activity.touch(['user-2']);
    expect(activity.missedSince(['user-1'], at.now - 1_000)).toBe(false);
    expect(activity.missedSince(['user-2'], at.now - 1_000)).toBe(true);
  });
});
