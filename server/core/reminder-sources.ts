import { and, eq } from 'drizzle-orm';
import type { Reminder } from '@contracts/tasks';
import type { DbOrTx } from '../db/client';
import { reminderSettings } from '../db/schema';

/** How far ahead a due date becomes a reminder (overdue ones stay until handled). */
export const REMINDER_WINDOW_DAYS = 7;

export type ReminderKind = 'task' | 'assessment';

/**
 * Where reminders come from (spec 7.16 lists assessments and tasks). Each area that
 * sets deadlines (tasks, assessments) registers its source from its own folder.
 */
export interface ReminderSource {
  /** The person's reminders, setting or not. */
  list(db: DbOrTx, userId: number, until: Date): Promise<Reminder[]>;
  /** Whether the item is one the person could be reminded of, so a setting may be kept. */
  concerns(db: DbOrTx, userId: number, id: number): Promise<boolean>;
}

/** A source's row due by `until` as a reminder; remindersFor says whether it is overdue. */
export function dueReminder(
  is: ReminderKind,
  row: {
    id: number;
    name: string;
    workspaceId: number;
    parentId?: number | null;
    expiredAt: Date | null;
  },
): Reminder {
  return {
    is,
    id: row.id,
    name: row.name,
    workspace_id: row.workspaceId,
    parent_id: row.parentId ?? null,
    expired_at: row.expiredAt!.toISOString(),
    is_overdue: false,
  };
}

const sources = new Map<ReminderKind, ReminderSource>();

export function registerReminderSource(kind: ReminderKind, source: ReminderSource) {
  sources.set(kind, source);
}

export function reminderSource(kind: ReminderKind) {
  return sources.get(kind);
}

/** Overdue first, then upcoming (both by due date), without those the person set aside. */
export async function remindersFor(db: DbOrTx, userId: number, kind: ReminderKind, now: Date) {
  const source = sources.get(kind);
  if (!source) return [];
  const until = new Date(now.getTime() + REMINDER_WINDOW_DAYS * 86_400_000);
  const [items, settings] = await Promise.all([
    source.list(db, userId, until),
    db
      .select()
      .from(reminderSettings)
      .where(and(eq(reminderSettings.userId, userId), eq(reminderSettings.referenceType, kind))),
  ]);
  const hidden = new Set(
    settings
      .filter((s) => s.snoozedUntil === null || s.snoozedUntil > now)
      .map((s) => s.referenceId),
  );
  return items
    .filter((item) => !hidden.has(item.id))
    .map((item) => ({ ...item, is_overdue: new Date(item.expired_at) < now }))
    .sort((a, b) => a.expired_at.localeCompare(b.expired_at) || a.id - b.id);
}
