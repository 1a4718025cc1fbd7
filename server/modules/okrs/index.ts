import { defineArea } from '../../core/area';
import { accountDeletion, exportSections } from './personal-data';
import okrsModule from './routes';
// Registers the check-ins people owe in everyone's to-do (My work).
import './todo';

/** What other areas may use of this one. */
export { loadWorkspaceTree } from './present';
export { derivedStatus, percent } from './progress';

export default defineArea({
  name: 'okrs',
  routes: [{ prefix: '/core', plugin: okrsModule }],
  exportSections,
  accountDeletion,
});
