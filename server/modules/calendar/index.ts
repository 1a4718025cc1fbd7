import { defineArea } from '../../core/area';
import { accountDeletion, exportSections } from './personal-data';
import { calendarCore, calendarFeedRoutes } from './routes';
import { calendarSyncCallbacks, calendarSyncCore } from './sync/routes';
import { sealedConnectionTokens } from './sync/sealed';

/** The calendar (spec 7.18): events, the range view over every area's dates, the ICS feed. */
/** Team formation's hook: the hours each person who allows it is busy, week by week. */
export { busyWeekSlots } from './sync/operations/busy';

export default defineArea({
  name: 'calendar',
  routes: [
    { prefix: '/core', plugin: calendarCore },
    { prefix: '/calendar', plugin: calendarFeedRoutes },
    { prefix: '/core', plugin: calendarSyncCore },
    { prefix: '/calendar', plugin: calendarSyncCallbacks },
  ],
  sealed: [sealedConnectionTokens],
  exportSections,
  accountDeletion,
});
