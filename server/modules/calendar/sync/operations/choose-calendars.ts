import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { chooseCalendarsBody, SyncProvider } from '@contracts/calendar';
import type { Actor } from '../../../../core/actor';
import type { DbOrTx } from '../../../../db/client';
import {
  calendarBusyTimes,
  calendarConnections,
  calendarEventRemotes,
  calendarSyncSettings,
} from '../../../../db/schema';
import { notFound, validationFailed } from '../../../../http/errors';
import type { SyncDeps } from './deps';

/** The caller's connection to a provider, or 404 when they have not connected it. */
export async function connectionOf(db: DbOrTx, actor: Actor, provider: SyncProvider) {
  const [row] = await db
    .select()
    .from(calendarConnections)
    .where(
      and(eq(calendarConnections.userId, actor.userId), eq(calendarConnections.provider, provider)),
    );
  if (!row) throw notFound('calendar:sync.not_connected');
  return row;
}

/**
 * The calendars busy times are read from and the one our events are written to. Another
 * write calendar starts its mapping anew: copies in the former one stay there.
 */
export async function chooseCalendars(
  deps: SyncDeps,
  actor: Actor,
  provider: SyncProvider,
  input: z.output<typeof chooseCalendarsBody>,
) {
  const connection = await connectionOf(deps.db, actor, provider);
  const known = new Map(connection.calendars.map((calendar) => [calendar.id, calendar]));
  const fields: Record<string, string> = {};
  input.read_calendar_ids.forEach((id, i) => {
    if (!known.has(id)) fields[`read_calendar_ids.${i}`] = 'calendar:sync.calendar_unknown';
  });
  if (input.write_calendar_id !== null) {
    const target = known.get(input.write_calendar_id);
    if (!target) fields.write_calendar_id = 'calendar:sync.calendar_unknown';
    else if (!target.writable) fields.write_calendar_id = 'calendar:sync.calendar_read_only';
  }
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
  const readIds = [...new Set(input.read_calendar_ids)];
  await deps.db.transaction(async (tx) => {
    const moved = input.write_calendar_id !== connection.writeCalendarId;
    await tx
      .update(calendarConnections)
      .set({
        readCalendarIds: readIds,
        writeCalendarId: input.write_calendar_id,
        ...(moved ? { syncCursor: null } : {}),
      })
      .where(eq(calendarConnections.id, connection.id));
    if (moved) {
      await tx
        .delete(calendarEventRemotes)
        .where(eq(calendarEventRemotes.connectionId, connection.id));
    }
    if (readIds.length === 0) {
      await tx.delete(calendarBusyTimes).where(eq(calendarBusyTimes.connectionId, connection.id));
    }
  });
}

/** Forgets a connection: its tokens, mapping and busy times (copies written there stay). */
export async function disconnect(deps: SyncDeps, actor: Actor, provider: SyncProvider) {
  const connection = await connectionOf(deps.db, actor, provider);
  await deps.db.delete(calendarConnections).where(eq(calendarConnections.id, connection.id));
}

/** Whether team formation may count the caller's busy times against their free hours. */
export async function saveSyncSettings(
  deps: SyncDeps,
  actor: Actor,
  input: { share_busy_times: boolean },
) {
  await deps.db
    .insert(calendarSyncSettings)
    .values({ userId: actor.userId, shareBusyTimes: input.share_busy_times })
    .onConflictDoUpdate({
      target: calendarSyncSettings.userId,
      set: { shareBusyTimes: input.share_busy_times },
    });
}
