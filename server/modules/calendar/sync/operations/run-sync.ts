import { and, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { SyncDetail, SyncProvider } from '@contracts/calendar';
import { RetiredKeyError } from '../../../../auth/signing-keys';
import type { Actor } from '../../../../core/actor';
import {
  calendarBusyTimes,
  calendarConnections,
  calendarEventAttendees,
  calendarEventRemotes,
  calendarEvents,
  type CalendarConnectionRow,
  type CalendarEventRow,
} from '../../../../db/schema';
import { refusal } from '../../../../http/errors';
import { lastEnd } from '../../recurrence';
import { providerFor } from '../providers';
import {
  AccessRevoked,
  CursorExpired,
  ProviderError,
  type CalendarProvider,
  type EventWrite,
  type RemoteEvent,
} from '../providers/types';
import { seal, unseal } from '../seal';
import { connectionOf } from './choose-calendars';
import type { SyncDeps } from './deps';

/** Events that ended longer ago than this are neither written nor read back. */
const PAST_DAYS = 30;
/** How far ahead busy ranges are read. */
export const BUSY_DAYS_AHEAD = 28;
/** A sync that started longer ago than this is taken as dead, and another may start. */
const STALE_SYNC_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

type Remote = typeof calendarEventRemotes.$inferSelect;

/**
 * A token that is good for at least another minute, refreshed (and kept) when needed. Tokens
 * sealed with an older key are sealed again with the current one (so that key can retire);
 * tokens sealed with a key already retired can only be connected again.
 */
async function accessToken(deps: SyncDeps, provider: CalendarProvider, row: CalendarConnectionRow) {
  const keys = deps.signingKeys;
  try {
    const refresh = row.refreshTokenSealed ? await unseal(keys, row.refreshTokenSealed) : null;
    if (!row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() > Date.now() + 60_000) {
      const access = await unseal(keys, row.accessTokenSealed);
      if (access.stale || refresh?.stale) {
        await keepTokens(deps, row, {
          accessToken: access.plain,
          refreshToken: refresh?.plain,
          expiresAt: row.accessTokenExpiresAt,
        });
      }
      return access.plain;
    }
    if (!refresh) throw new AccessRevoked('no refresh token');
    const tokens = await provider.refresh(refresh.plain);
    await keepTokens(deps, row, { ...tokens, refreshToken: tokens.refreshToken ?? undefined });
    return tokens.accessToken;
  } catch (error) {
    if (error instanceof RetiredKeyError) throw new AccessRevoked('sealed with a retired key');
    throw error;
  }
}

/**
 * Seals a connection's tokens with the current key, unless another sync replaced them since
 * `row` was read (its sealed access token is the one this sync read).
 */
async function keepTokens(
  deps: SyncDeps,
  row: CalendarConnectionRow,
  tokens: { accessToken: string; refreshToken?: string; expiresAt: Date | null },
) {
  const keys = deps.signingKeys;
  await deps.db
    .update(calendarConnections)
    .set({
      accessTokenSealed: seal(keys, tokens.accessToken),
      refreshTokenSealed: tokens.refreshToken ? seal(keys, tokens.refreshToken) : null,
      accessTokenExpiresAt: tokens.expiresAt,
    })
    .where(
      and(
        eq(calendarConnections.id, row.id),
        eq(calendarConnections.accessTokenSealed, row.accessTokenSealed),
      ),
    );
}

/** The person's events: those they made and those they attend. */
async function eventsOf(deps: SyncDeps, userId: number) {
  const attended = deps.db
    .select({ id: calendarEventAttendees.eventId })
    .from(calendarEventAttendees)
    .where(eq(calendarEventAttendees.userId, userId));
  return deps.db
    .select()
    .from(calendarEvents)
    .where(or(eq(calendarEvents.createdBy, userId), inArray(calendarEvents.id, attended)));
}

const writeOf = (event: CalendarEventRow): EventWrite => ({
  uid: event.uid,
  title: event.title,
  description: event.description,
  location: event.location,
  start: event.startAt,
  end: event.endAt,
  allDay: event.allDay,
  timeZone: event.timeZone,
  rrule: event.rrule,
  exdates: event.exdates,
});

/**
 * One sync of the write calendar, in both directions (docs/decisions/calendar.md):
 * 1. read the calendar's changes since the cursor (all of them when it expired);
 * 2. a change to one of our copies: the later of the two edits wins (the provider's updated
 *    time against our event's); a copy deleted there deletes the event when the person made
 *    it and did not change it since, and for an event they attend, stops writing it;
 * 3. write our events that are new or changed since their last write; delete the copies of
 *    events that are gone or no longer the person's.
 */
async function syncWriteCalendar(
  deps: SyncDeps,
  provider: CalendarProvider,
  token: string,
  row: CalendarConnectionRow,
  detail: Required<Omit<SyncDetail, 'reason'>>,
) {
  const calendarId = row.writeCalendarId;
  if (!calendarId) return;
  const since = new Date(Date.now() - PAST_DAYS * DAY_MS);
  let changes;
  try {
    changes = await provider.changes(token, calendarId, row.syncCursor, since);
  } catch (error) {
    if (!(error instanceof CursorExpired)) throw error;
    changes = await provider.changes(token, calendarId, null, since);
  }

  const events = await eventsOf(deps, row.userId);
  const byUid = new Map(events.map((event) => [event.uid, event]));
  const remotes = await deps.db
    .select()
    .from(calendarEventRemotes)
    .where(eq(calendarEventRemotes.connectionId, row.id));
  const remoteByUid = new Map(remotes.map((remote) => [remote.eventUid, remote]));
  const remoteById = new Map(
    remotes.flatMap((remote) => (remote.remoteId ? [[remote.remoteId, remote] as const] : [])),
  );
  const keep = async (remote: Remote) => {
    remoteByUid.set(remote.eventUid, remote);
    await deps.db
      .insert(calendarEventRemotes)
      .values(remote)
      .onConflictDoUpdate({
        target: [calendarEventRemotes.connectionId, calendarEventRemotes.eventUid],
        set: {
          remoteId: remote.remoteId,
          syncedSequence: remote.syncedSequence,
          remoteUpdatedAt: remote.remoteUpdatedAt,
        },
      });
  };

  for (const change of changes.events) {
    if (change.occurrence) continue;
    const mapped =
      remoteById.get(change.id) ??
      (change.ourUid && byUid.has(change.ourUid) ? remoteByUid.get(change.ourUid) : undefined);
    const event = mapped ? byUid.get(mapped.eventUid) : undefined;
    if (!mapped || !event) continue;
    const mine = event.createdBy === row.userId;
    if (change.removed) {
      if (event.sequence > mapped.syncedSequence) {
        // Changed here since it was written: written again below.
        await keep({ ...mapped, remoteId: null, syncedSequence: -1 });
      } else if (mine) {
        await deps.db.transaction(async (tx) => {
          await tx.delete(calendarEvents).where(eq(calendarEvents.id, event.id));
          await tx
            .delete(calendarEventRemotes)
            .where(
              and(
                eq(calendarEventRemotes.connectionId, row.id),
                eq(calendarEventRemotes.eventUid, event.uid),
              ),
            );
        });
        byUid.delete(event.uid);
        remoteByUid.delete(event.uid);
        detail.deleted_here += 1;
      } else {
        await keep({ ...mapped, remoteId: null, syncedSequence: event.sequence });
      }
      continue;
    }
    const echo = mapped.remoteUpdatedAt && change.updatedAt <= mapped.remoteUpdatedAt;
    if (echo || !mine || change.updatedAt <= event.updatedAt) continue;
    if (change.end <= change.start) continue;
    const moved = await applyRemoteChange(deps, event, change);
    byUid.set(moved.uid, moved);
    await keep({
      ...mapped,
      remoteId: change.id,
      syncedSequence: moved.sequence,
      remoteUpdatedAt: change.updatedAt,
    });
    detail.pulled += 1;
  }

  const from = since.getTime();
  for (const event of byUid.values()) {
    const recent = event.lastEndAt === null || event.lastEndAt.getTime() >= from;
    const mapped = remoteByUid.get(event.uid);
    if (!recent || (mapped && mapped.syncedSequence >= event.sequence)) continue;
    let written: RemoteEvent | null = null;
    if (mapped?.remoteId) {
      written = await provider.update(token, calendarId, mapped.remoteId, writeOf(event));
    }
    written ??= await provider.create(token, calendarId, writeOf(event));
    await keep({
      connectionId: row.id,
      eventUid: event.uid,
      remoteId: written.id,
      syncedSequence: event.sequence,
      remoteUpdatedAt: written.updatedAt,
    });
    detail.pushed += 1;
  }

  for (const remote of remoteByUid.values()) {
    if (byUid.has(remote.eventUid)) continue;
    if (remote.remoteId) {
      await provider.remove(token, calendarId, remote.remoteId);
      detail.deleted_there += 1;
    }
    await deps.db
      .delete(calendarEventRemotes)
      .where(
        and(
          eq(calendarEventRemotes.connectionId, row.id),
          eq(calendarEventRemotes.eventUid, remote.eventUid),
        ),
      );
  }

  await deps.db
    .update(calendarConnections)
    .set({ syncCursor: changes.cursor })
    .where(eq(calendarConnections.id, row.id));
}

/** Takes the provider's edit of an event the person made: times, title, place, notes. */
async function applyRemoteChange(deps: SyncDeps, event: CalendarEventRow, change: RemoteEvent) {
  const values = {
    title: change.title.trim().slice(0, 200) || event.title,
    description: change.description.slice(0, 4000),
    location: change.location.slice(0, 300),
    startAt: change.start,
    endAt: change.end,
    allDay: change.allDay,
  };
  const lastEndAt = lastEnd({
    startAt: values.startAt,
    endAt: values.endAt,
    timeZone: event.timeZone,
    rrule: event.rrule,
    exdates: event.exdates,
  });
  const [updated] = await deps.db
    .update(calendarEvents)
    .set({
      ...values,
      lastEndAt,
      sequence: sql`${calendarEvents.sequence} + 1`,
      updatedAt: change.updatedAt,
    })
    .where(eq(calendarEvents.id, event.id))
    .returning();
  return updated;
}

/** Replaces the connection's busy ranges with those of the picked calendars. */
async function syncBusy(
  deps: SyncDeps,
  provider: CalendarProvider,
  token: string,
  row: CalendarConnectionRow,
) {
  const from = new Date();
  const to = new Date(from.getTime() + BUSY_DAYS_AHEAD * DAY_MS);
  const ranges = row.readCalendarIds.length
    ? await provider.busy(token, row.readCalendarIds, from, to)
    : [];
  await deps.db.transaction(async (tx) => {
    await tx.delete(calendarBusyTimes).where(eq(calendarBusyTimes.connectionId, row.id));
    const kept = ranges.filter((range) => range.end > range.start);
    if (kept.length > 0) {
      await tx.insert(calendarBusyTimes).values(
        kept.map((range) => ({
          connectionId: row.id,
          userId: row.userId,
          startAt: range.start,
          endAt: range.end,
        })),
      );
    }
  });
  return ranges.length;
}

function reasonOf(error: unknown) {
  if (error instanceof AccessRevoked) return 'access_revoked';
  if (error instanceof ProviderError) return 'provider_error';
  return 'unreachable';
}

/** Connections a sync is running on (one older than STALE_SYNC_MS is taken for dead). */
export const syncUnderWay = () =>
  and(
    isNotNull(calendarConnections.syncStartedAt),
    gte(calendarConnections.syncStartedAt, new Date(Date.now() - STALE_SYNC_MS)),
  )!;

/**
 * Syncs one connection unless a sync of it is running; records when and what happened.
 * Returns false when another sync held it.
 */
export async function syncConnection(deps: SyncDeps, connectionId: number): Promise<boolean> {
  const [row] = await deps.db
    .update(calendarConnections)
    .set({ syncStartedAt: new Date() })
    .where(
      and(
        eq(calendarConnections.id, connectionId),
        or(
          isNull(calendarConnections.syncStartedAt),
          lt(calendarConnections.syncStartedAt, new Date(Date.now() - STALE_SYNC_MS)),
        ),
      ),
    )
    .returning();
  if (!row) return false;
  const detail = { pushed: 0, pulled: 0, deleted_here: 0, deleted_there: 0, busy: 0 };
  let status: 'ok' | 'failed' = 'ok';
  let reason: string | undefined;
  try {
    const provider = providerFor(deps.config, row.provider as SyncProvider);
    if (!provider) {
      status = 'failed';
      reason = 'not_configured';
    } else {
      const token = await accessToken(deps, provider, row);
      await syncWriteCalendar(deps, provider, token, row, detail);
      detail.busy = await syncBusy(deps, provider, token, row);
    }
  } catch (error) {
    status = 'failed';
    reason = reasonOf(error);
  }
  await deps.db
    .update(calendarConnections)
    .set({
      syncStartedAt: null,
      lastSyncAt: new Date(),
      lastSyncStatus: status,
      lastSyncDetail: reason ? { ...detail, reason } : detail,
    })
    .where(eq(calendarConnections.id, row.id));
  return true;
}

/** "Sync now" of the caller's connection; 409 while a sync of it is running. */
export async function syncNow(deps: SyncDeps, actor: Actor, provider: SyncProvider) {
  const connection = await connectionOf(deps.db, actor, provider);
  if (!(await syncConnection(deps, connection.id))) {
    throw refusal(409, 'calendar_sync_running', 'calendar:sync.running');
  }
}

/** Every connection with something to sync, for the scheduled job to fan out. */
export async function connectionsToSync(deps: SyncDeps) {
  const rows = await deps.db
    .select({
      id: calendarConnections.id,
      write: calendarConnections.writeCalendarId,
      read: calendarConnections.readCalendarIds,
    })
    .from(calendarConnections);
  return rows.filter((row) => row.write !== null || row.read.length > 0).map((row) => row.id);
}
