import { defineArea } from '../../core/area';
import assessmentsModule from './module';
import { accountDeletion, exportSections, files } from './personal-data';
// Registers the 360s a person is asked to answer in everyone's to-do (My work).
import './todo';

export default defineArea({
  name: 'assessments',
  routes: [{ prefix: '/core', plugin: assessmentsModule }],
  files,
  exportSections,
  accountDeletion,
});
export type { AssessmentHandedIn } from './notify';
/** What other areas may use of this one. */
export { listAssessments } from './operations/list-assessments';
export { overallReport } from './operations/overall-report';
export { showReport } from './operations/show-report';
