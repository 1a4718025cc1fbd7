import { defineArea } from '../../core/area';
import './permissions';
import { accountDeletion, exportSections, files } from './personal-data';
import recruitRoutes from './routes';

/** Jobs, candidates, screening and the talent pool of recruit workspaces (spec 7.7, issue 32). */
export default defineArea({
  name: 'recruit',
  routes: [{ prefix: '/recruit', plugin: recruitRoutes }],
  files,
  exportSections,
  accountDeletion,
});
