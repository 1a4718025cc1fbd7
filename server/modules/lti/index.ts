import { defineArea } from '../../core/area';
import { accountDeletion, exportSections } from './personal-data';
import ltiRoutes from './routes';

export default defineArea({
  name: 'lti',
  routes: [{ prefix: '/core', plugin: ltiRoutes }],
  exportSections,
  accountDeletion,
});

export { rotateKeys } from './keys';
export { SCORE_QUEUE } from './score-job';
