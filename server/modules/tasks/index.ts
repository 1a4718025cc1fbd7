import { defineArea } from '../../core/area';
import { accountDeletion, exportSections, files } from './personal-data';
import tasksModule from './routes';
// Registers the tasks' part of everyone's to-do (hand in, review) in the core.
import './todo';

/** What other areas may use of this one. */
export { workUploads } from './shared';
export { loadTask } from './load';
export { isHandedIn } from './policy';
export { submissionReport } from './reports';
export { openTaskList } from './operations/task-list';

export default defineArea({
  name: 'tasks',
  routes: [{ prefix: '/core', plugin: tasksModule }],
  files,
  exportSections,
  accountDeletion,
});
