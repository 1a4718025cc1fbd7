import { defineArea } from '../../core/area';
import { accountDeletion, exportSections } from './personal-data';
import { calendarCore, calendarFeedRoutes } from './routes';

/** The calendar (spec 7.18): events, the range view over every area's dates, the ICS feed. */
export default defineArea({
  name: 'calendar',
  routes: [
    { prefix: '/core', plugin: calendarCore },
    { prefix: '/calendar', plugin: calendarFeedRoutes },
  ],
  exportSections,
  accountDeletion,
});
