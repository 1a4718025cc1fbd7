import { describe, expect, it } from 'vitest';
import {
  assessmentChanged,
  chatMessageChanged,
  notificationsChanged,
  taskChanged,
} from './realtime';

describe('live payload shapes', () => {
  it('passes a payload of the right fields, keeping only those', () => {
    expect(taskChanged.safeParse({ id: 1, parent_id: null, workspace_id: 2, extra: 'x' })).toEqual({
      success: true,
      data: { id: 1, parent_id: null, workspace_id: 2 },
    });
    expect(notificationsChanged.safeParse({ id: null, kind: 'task' }).success).toBe(true);
  });

  it('refuses missing, mistyped and unknown values', () => {
    expect(taskChanged.safeParse({ id: 1, workspace_id: 2 }).success).toBe(false);
    expect(taskChanged.safeParse({ id: '1', parent_id: null, workspace_id: 2 }).success).toBe(
      false,
    );
    expect(taskChanged.safeParse({ id: 1.5, parent_id: null, workspace_id: 2 }).success).toBe(
      false,
    );
    expect(taskChanged.safeParse(null).success).toBe(false);
    const message = { chat_id: 1, message_id: 2, parent_id: null };
    expect(chatMessageChanged.safeParse({ ...message, kind: 'edited' }).success).toBe(true);
    expect(chatMessageChanged.safeParse({ ...message, kind: 'burnt' }).success).toBe(false);
  });

  it('refuses any other field where the shape is strict (no rater on the socket)', () => {
    expect(assessmentChanged.safeParse({ id: 1, workspace_id: 2 }).success).toBe(true);
    expect(assessmentChanged.safeParse({ id: 1, workspace_id: 2, user_id: 3 }).success).toBe(false);
  });
});
