/** What other parts of the app may use of the calendar area. */
export { calendarKeys } from './api';
export { CalendarConnections } from './sync/connection';
