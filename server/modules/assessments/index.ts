import { defineArea } from '../../core/area';
import assessmentsModule from './module';

export default defineArea({
  name: 'assessments',
  routes: [{ prefix: '/core', plugin: assessmentsModule }],
});
export type { AssessmentHandedIn } from './notify';
