import { defineArea } from '../../core/area';
import tasksModule from './routes';

export default defineArea({
  name: 'tasks',
  routes: [{ prefix: '/core', plugin: tasksModule }],
});
