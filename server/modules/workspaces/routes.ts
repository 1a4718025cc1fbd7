import type { App } from '../../http/types';
import criteriaRoutes from './criteria/routes';
import workspaceCoreRoutes from './core/routes';
import questionAndViewRoutes from './core/questions-and-views';
import generalizedRoutes from './generalized/routes';
import workspaceInvitationRoutes from './invitations/routes';
import { registerWorkspaceRoom } from './live';
import { registerWorkspaceMails } from './mails';
import workspaceMemberRoutes from './members/routes';
import menuRoutes from './menus/routes';
import pinRoutes from './pins/routes';
import scheduleRoutes from './schedules/routes';

/** Workspaces and everything kept per workspace (spec 7.2, 7.6, 7.10 pins, 7.14 menus, 7.17, 7.19). */
export default async function workspaceRoutes(app: App) {
  registerWorkspaceRoom(app.deps.realtime, app.deps.db);
  registerWorkspaceMails(app.deps);
  await app.register(workspaceCoreRoutes);
  await app.register(questionAndViewRoutes);
  await app.register(generalizedRoutes);
  await app.register(workspaceMemberRoutes);
  await app.register(workspaceInvitationRoutes);
  await app.register(criteriaRoutes);
  await app.register(pinRoutes);
  await app.register(menuRoutes);
  await app.register(scheduleRoutes);
}
