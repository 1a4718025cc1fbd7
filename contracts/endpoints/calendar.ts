import { endpoint } from '../endpoint';
import type {
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
