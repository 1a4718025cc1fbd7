import { defineArea } from '../../core/area';
import { accountDeletion, exportSections, files } from './personal-data';
import driveRoutes from './routes';

export { bytesLeft, uploadCapacity } from './operations/capacity';

/** Each person's files, with versions, previews, a trash and a capacity (spec 7.15, issue 30). */
export default defineArea({
  name: 'drive',
  routes: [{ prefix: '/core', plugin: driveRoutes }],
  files,
  exportSections,
  accountDeletion,
});
