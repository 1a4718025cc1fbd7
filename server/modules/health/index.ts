import { defineArea } from '../../core/area';
import healthRoutes from './routes';

export default defineArea({
  name: 'health',
  routes: [{ prefix: '', plugin: healthRoutes }],
});
export { probes } from './routes';
