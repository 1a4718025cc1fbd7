import type {
  ChooseCalendarsBody,
  CreateEventBody,
  SyncProvider,
  UpdateEventBody,
} from '@contracts/calendar';
import { calendarEndpoints, calendarSyncEndpoints } from '@contracts/endpoints/calendar';
import { workspaceEndpoints } from '@contracts/endpoints/workspaces';
import { api } from '@/lib/http';

/** A range of the calendar, as instants (ISO with offset). */
export interface CalendarRange {
  from: string;
  to: string;
}

/** Query keys of the calendar area, one helper so invalidation stays in step. */
export const calendarKeys = {
  all: ['calendar'] as const,
  range: (range: CalendarRange) => ['calendar', 'range', range.from, range.to] as const,
  event: (id: number) => ['calendar', 'event', id] as const,
  feed: ['calendar', 'feed'] as const,
  workspaces: ['calendar', 'workspaces'] as const,
  members: (workspaceId: number) => ['calendar', 'members', workspaceId] as const,
  sync: ['calendar', 'sync'] as const,
};

export const calendarApi = {
  list: (range: CalendarRange) =>
    api.call(calendarEndpoints.list, { query: range }).then((r) => r.items),
  event: (id: number) => api.call(calendarEndpoints.event, { params: { id } }).then((r) => r.event),
  create: (body: CreateEventBody) =>
    api.call(calendarEndpoints.createEvent, { body }).then((r) => r.event),
  update: (id: number, body: UpdateEventBody) =>
    api.call(calendarEndpoints.updateEvent, { params: { id }, body }).then((r) => r.event),
  remove: (id: number, occurrence?: string) =>
    api.call(calendarEndpoints.deleteEvent, {
      params: { id },
      query: occurrence ? { occurrence } : {},
    }),
  feed: () => api.call(calendarEndpoints.feed).then((r) => r.url),
  resetFeed: () => api.call(calendarEndpoints.resetFeed).then((r) => r.url),
  workspaces: () =>
    api
      .call(workspaceEndpoints.menu)
      .then((r) => r.workspaces.filter((workspace) => workspace.status !== 'archived')),
  members: (workspaceId: number) =>
    api.call(workspaceEndpoints.members, { params: { id: workspaceId } }).then((r) => r.users),
  syncState: () => api.call(calendarSyncEndpoints.state),
  /** The provider's consent page; the browser goes there itself (no bearer on a navigation). */
  syncLogin: (provider: SyncProvider) =>
    api
      .call(
        provider === 'google'
          ? calendarSyncEndpoints.googleLogin
          : calendarSyncEndpoints.outlookLogin,
      )
      .then((r) => r.url),
  chooseCalendars: (provider: SyncProvider, body: ChooseCalendarsBody) =>
    api.call(calendarSyncEndpoints.choose, { params: { provider }, body }),
  syncNow: (provider: SyncProvider) =>
    api.call(calendarSyncEndpoints.run, { params: { provider } }),
  disconnect: (provider: SyncProvider) =>
    api.call(calendarSyncEndpoints.disconnect, { params: { provider } }),
  syncSettings: (share_busy_times: boolean) =>
    api.call(calendarSyncEndpoints.settings, { body: { share_busy_times } }),
};
