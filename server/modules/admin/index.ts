import { defineArea } from '../../core/area';
import adminRoutes from './routes';

/** What the operator's scripts use of this area when they open the database themselves. */
export { makeSupervisor } from './operations/make-supervisor';

export default defineArea({
  name: 'admin',
  routes: [{ prefix: '/admin', plugin: adminRoutes }],
});
