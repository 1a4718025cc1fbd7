import { defineArea } from '../../core/area';
import { accountDeletion, exportSections } from './personal-data';
import accountRoutes from './routes';

/** What other areas may use of this one. */
export { presentCurrentUser } from './present';
export { loadTours } from './tours';

export default defineArea({
  name: 'account',
  routes: [{ prefix: '/core', plugin: accountRoutes }],
  exportSections,
  accountDeletion,
});
