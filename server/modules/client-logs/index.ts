import { defineArea } from '../../core/area';
import clientLogRoutes from './routes';

export default defineArea({
  name: 'client-logs',
  routes: [{ prefix: '/_logger_', plugin: clientLogRoutes }],
});
