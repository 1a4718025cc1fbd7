import { defineArea } from '../../core/area';
import assessmentsModule from './module';
// Registers the 360s a person is asked to answer in everyone's to-do (My work).
import './todo';

export default defineArea({
  name: 'assessments',
  routes: [{ prefix: '/core', plugin: assessmentsModule }],
});
export type { AssessmentHandedIn } from './notify';
