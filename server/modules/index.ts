import type { App } from '../http/types';
import accountRoutes from './account/routes';
import authRoutes from './auth/routes';
import clientLogRoutes from './client-logs/routes';
import healthRoutes from './health/routes';
import lookupRoutes from './lookups/routes';
import profileRoutes from './profile/routes';
import tasksModule from './tasks/routes';
import teamFormationConfirmRoutes from './team-formation/confirm-routes';
import publicWorkspaceRoutes from './team-formation/public-workspaces';
import teamFormationRoutes from './team-formation/routes';
import teamRoutes from './teams/routes';
import workspaceRoutes from './workspaces/routes';

/** Every module, under its service prefix (architecture page: "The API contract"). */
export async function registerModules(app: App) {
  await app.register(healthRoutes);
  await app.register(clientLogRoutes, { prefix: '/_logger_' });
  await app.register(authRoutes, { prefix: '/core' });
  await app.register(accountRoutes, { prefix: '/core' });
  await app.register(lookupRoutes, { prefix: '/core' });
  await app.register(profileRoutes, { prefix: '/core' });
  await app.register(tasksModule, { prefix: '/core' });
  await app.register(teamRoutes, { prefix: '/core' });
  await app.register(teamFormationConfirmRoutes, { prefix: '/core' });
  await app.register(teamFormationRoutes, { prefix: '/teamformation' });
  await app.register(publicWorkspaceRoutes, { prefix: '/teamgenerator' });
  await app.register(workspaceRoutes, { prefix: '/core' });
}
