import { defineArea } from '../../core/area';
import ltiRoutes from './routes';

export default defineArea({
  name: 'lti',
  routes: [{ prefix: '/core', plugin: ltiRoutes }],
});

export { rotateKeys } from './keys';
export { SCORE_QUEUE } from './score-job';
