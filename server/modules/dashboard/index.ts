import { defineArea } from '../../core/area';
import dashboardRoutes from './routes';

/**
 * Dashboards (issue 34): a person's /dashboard and a workspace's figures, built on what the
 * other areas name in their index files. It stores nothing of its own.
 */
export default defineArea({
  name: 'dashboard',
  routes: [{ prefix: '/core', plugin: dashboardRoutes }],
});
