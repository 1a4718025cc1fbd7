import { defineArea } from '../../core/area';
import supportRoutes from './routes';

/** The support widget's server side: messages mailed to SUPPORT_EMAIL from a job. */
export default defineArea({
  name: 'support',
  routes: [{ prefix: '/core', plugin: supportRoutes }],
});
