import { defineArea } from '../../core/area';
import teamFormationConfirmRoutes from './confirm-routes';
import { accountDeletion, exportSections } from './personal-data';
import teamFormationRoutes from './routes';
import publicWorkspaceRoutes from './public-workspaces';

/** What other areas may use of this one. */
export { measureTeams } from './measure-teams';
export { candidatesForTeam, scoreCurrentTeams } from './operations/current-teams';

export default defineArea({
  name: 'team-formation',
  routes: [
    { prefix: '/core', plugin: teamFormationConfirmRoutes },
    { prefix: '/teamformation', plugin: teamFormationRoutes },
    { prefix: '/teamgenerator', plugin: publicWorkspaceRoutes },
  ],
  exportSections,
  accountDeletion,
});
