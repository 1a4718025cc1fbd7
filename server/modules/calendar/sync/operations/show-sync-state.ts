import { eq } from 'drizzle-orm';
import { SYNC_PROVIDERS, type CalendarSyncState, type SyncDetail } from '@contracts/calendar';
import type { Actor } from '../../../../core/actor';
import {
  calendarConnections,
  calendarSyncSettings,
  type CalendarConnectionRow,
} from '../../../../db/schema';
import { providerFor } from '../providers';
import type { SyncDeps } from './deps';

/** A connection as its owner sees it: never its tokens. */
function presentConnection(row: CalendarConnectionRow) {
  const status: 'ok' | 'failed' | null =
    row.lastSyncStatus === 'ok' || row.lastSyncStatus === 'failed' ? row.lastSyncStatus : null;
  return {
    account: row.account,
    calendars: row.calendars,
    read_calendar_ids: row.readCalendarIds,
    write_calendar_id: row.writeCalendarId,
    last_sync_at: row.lastSyncAt?.toISOString() ?? null,
    last_sync_status: status,
    last_sync_detail: (row.lastSyncDetail as SyncDetail | null) ?? null,
  };
}

/** Which providers are on, the caller's connections and whether they share busy times. */
export async function showSyncState(deps: SyncDeps, actor: Actor): Promise<CalendarSyncState> {
  const [connections, [settings]] = await Promise.all([
    deps.db.select().from(calendarConnections).where(eq(calendarConnections.userId, actor.userId)),
    deps.db
      .select()
      .from(calendarSyncSettings)
      .where(eq(calendarSyncSettings.userId, actor.userId)),
  ]);
  return {
    providers: SYNC_PROVIDERS.map((provider) => {
      const row = connections.find((connection) => connection.provider === provider);
      return {
        provider,
        configured: providerFor(deps.config, provider) !== null,
        connection: row ? presentConnection(row) : null,
      };
    }),
    share_busy_times: settings?.shareBusyTimes ?? false,
  };
}
