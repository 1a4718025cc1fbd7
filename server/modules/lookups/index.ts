import { defineArea } from '../../core/area';
import lookupRoutes from './routes';

/** What other areas may use of this one. */
export { isKnownTimezone } from './timezones';

export default defineArea({
  name: 'lookups',
  routes: [{ prefix: '/core', plugin: lookupRoutes }],
});
