import { defineArea } from '../../core/area';
import { accountDeletion, exportSections } from './personal-data';
import billingRoutes from './routes';

/**
 * Plans, invoices and card payments (issue 33). The plan gate every area uses is in the core
 * (server/core/plans.ts: `requireFeature`, `gatedBy`), not here.
 */
export default defineArea({
  name: 'billing',
  routes: [{ prefix: '/core', plugin: billingRoutes }],
  exportSections,
  accountDeletion,
});
