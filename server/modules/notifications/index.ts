import { defineArea } from '../../core/area';
import { zoomConnections } from '../../db/schema';
import { accountDeletion, exportSections } from './personal-data';
import { notificationsCore, notificationsMessaging } from './plugin';
import { ZOOM_TOKEN_PURPOSE } from './zoom-account';

export default defineArea({
  name: 'notifications',
  routes: [
    { prefix: '/core', plugin: notificationsCore },
    { prefix: '/messaging', plugin: notificationsMessaging },
  ],
  // A refresh holds its row (the re-seal skips it); a re-seal of the access token only makes
  // a use's own re-seal find nothing to do.
  sealed: [
    {
      table: zoomConnections,
      key: zoomConnections.userId,
      columns: [zoomConnections.accessTokenSealed, zoomConnections.refreshTokenSealed],
      purpose: ZOOM_TOKEN_PURPOSE,
    },
  ],
  exportSections,
  accountDeletion,
});

export { sendDigest } from './digest';
export { listNotifications } from './operations/list-notifications';
