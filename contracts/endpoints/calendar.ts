import { endpoint } from '../endpoint';
import type {
  busyList,
  busyQuery,
  calendarSyncState,
  chooseCalendarsBody,
  syncLogin,
  syncSettingsBody,
  calendarEventResource,
  calendarFeed,
  calendarList,
  calendarQuery,
  createEventBody,
  deleteEventQuery,
  updateEventBody,
} from '../calendar';
import type { emptyResource } from '../common';

/** The calendar's routes (spec 7.18), under /api/v2/core. */
export const calendarEndpoints = {
  list: endpoint('GET', 'core/calendar').of<{
    query: typeof calendarQuery;
    response: typeof calendarList;
  }>(),
  createEvent: endpoint('POST', 'core/calendar/event').of<{
    body: typeof createEventBody;
    response: typeof calendarEventResource;
  }>(),
  event: endpoint('GET', 'core/calendar/event/:id').of<{
    response: typeof calendarEventResource;
  }>(),
  updateEvent: endpoint('PUT', 'core/calendar/event/:id').of<{
    body: typeof updateEventBody;
    response: typeof calendarEventResource;
  }>(),
  deleteEvent: endpoint('DELETE', 'core/calendar/event/:id').of<{
    query: typeof deleteEventQuery;
    response: typeof emptyResource;
  }>(),
  feed: endpoint('GET', 'core/calendar/feed').of<{ response: typeof calendarFeed }>(),
  resetFeed: endpoint('POST', 'core/calendar/feed/reset').of<{ response: typeof calendarFeed }>(),
};

/** Sync with Outlook and Google (issue 31), under /api/v2/core. */
export const calendarSyncEndpoints = {
  state: endpoint('GET', 'core/calendar/sync').of<{ response: typeof calendarSyncState }>(),
  googleLogin: endpoint('GET', 'core/calendar/google-calendar/login').of<{
    response: typeof syncLogin;
  }>(),
  outlookLogin: endpoint('GET', 'core/calendar/outlook/login').of<{
    response: typeof syncLogin;
  }>(),
  choose: endpoint('PUT', 'core/calendar/sync/:provider').of<{
    body: typeof chooseCalendarsBody;
    response: typeof calendarSyncState;
  }>(),
  run: endpoint('POST', 'core/calendar/sync/:provider/run').of<{
    response: typeof calendarSyncState;
  }>(),
  disconnect: endpoint('DELETE', 'core/calendar/sync/:provider').of<{
    response: typeof calendarSyncState;
  }>(),
  settings: endpoint('PUT', 'core/calendar/sync-settings').of<{
    body: typeof syncSettingsBody;
    response: typeof calendarSyncState;
  }>(),
  busy: endpoint('GET', 'core/calendar/busy').of<{
    query: typeof busyQuery;
    response: typeof busyList;
  }>(),
};
