import { defineArea } from '../../core/area';
import { accountDeletion, exportSections, files } from './personal-data';
import teamRoutes from './routes';

/** What other areas may use of this one. */
export { closeOtherRequests } from './lifecycle';
export { listTeams } from './operations/list-teams';
export {
  addMembers,
  membersOf,
  peopleWithTeam,
  presentTeam,
  requireTeamable,
  teamIdOf,
} from './load';

export default defineArea({
  name: 'workspace-teams',
  routes: [{ prefix: '/core', plugin: teamRoutes }],
  files,
  exportSections,
  accountDeletion,
});
