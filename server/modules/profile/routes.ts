import type { App } from '../../http/types';
import './completion-steps';
import profileFileRoutes from './file-routes';
import profileLookupRoutes from './lookup-routes';
import profilePeopleRoutes from './people-routes';
import profileSettingsRoutes from './settings-routes';

/** Profile (spec 2.3, 7.9): lookups, my settings, my files and other people's profiles. */
export default async function profileRoutes(app: App) {
  await app.register(profileLookupRoutes);
  await app.register(profileSettingsRoutes);
  await app.register(profileFileRoutes);
  await app.register(profilePeopleRoutes);
}
