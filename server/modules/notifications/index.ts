import { defineArea } from '../../core/area';
import { accountDeletion, exportSections } from './personal-data';
import { notificationsCore, notificationsMessaging } from './plugin';

export default defineArea({
  name: 'notifications',
  routes: [
    { prefix: '/core', plugin: notificationsCore },
    { prefix: '/messaging', plugin: notificationsMessaging },
  ],
  exportSections,
  accountDeletion,
});

export { sendDigest } from './digest';
export { listNotifications } from './operations/list-notifications';
