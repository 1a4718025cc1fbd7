import { defineArea } from '../../core/area';
import okrsModule from './routes';

export default defineArea({
  name: 'okrs',
  routes: [{ prefix: '/core', plugin: okrsModule }],
});
