import { defineArea } from '../../core/area';
import coreChatRoutes from './core-routes';
import { accountDeletion, exportSections, files } from './personal-data';
import messagingModule from './routes';

export type { ChatMentioned } from './operations/send-message';

export default defineArea({
  name: 'messaging',
  routes: [
    { prefix: '/messaging', plugin: messagingModule },
    { prefix: '/core', plugin: coreChatRoutes },
  ],
  files,
  exportSections,
  accountDeletion,
});
