import { defineArea } from '../../core/area';
import { accountDeletion, exportSections, files } from './personal-data';
import profileRoutes from './routes';

/** What other areas may use of this one. */
export {
  profileCompletionFor,
  profileCompletionPercent,
  storedStepsDone,
  visibleStepsDone,
} from './completion';
export { avatarKeyOf, avatarUrlOf, removeFiles } from './files';
export { receiveAvatar } from './file-http';
export { PERSONALITY_NORMS, factorScores } from './personality';
export { resolveWorkspaceSkills, skillNamesById, skillNamesByUser, skillsByUser } from './skills';
export { saveProfile } from './store';
export { presentSoftSkills } from './present';
export { changeNotificationSettings } from './operations/save-notification-settings';
export { selfOf, updateSelf } from './operations/self';

export default defineArea({
  name: 'profile',
  routes: [{ prefix: '/core', plugin: profileRoutes }],
  files,
  exportSections,
  accountDeletion,
});
export { notificationSettingsOf } from './store';
