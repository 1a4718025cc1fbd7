import { defineArea } from '../../core/area';
import { notificationsCore, notificationsMessaging } from './plugin';

export default defineArea({
  name: 'notifications',
  routes: [
    { prefix: '/core', plugin: notificationsCore },
    { prefix: '/messaging', plugin: notificationsMessaging },
  ],
});

export { sendDigest } from './digest';
