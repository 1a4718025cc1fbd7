import { defineArea } from '../../core/area';
import { accountDeletion, exportSections } from './personal-data';
import workspaceRoutes from './routes';

/** What other areas may use of this one. */
export { createWorkspace } from './core/create-workspace';
export { inviteToWorkspace } from './invitations/invite';
export { attemptInvitationToken, findInvitation, joinOnSignUp } from './invitations/join';
export { announceMembershipChange } from './live';

export default defineArea({
  name: 'workspaces',
  routes: [{ prefix: '/core', plugin: workspaceRoutes }],
  exportSections,
  accountDeletion,
});
