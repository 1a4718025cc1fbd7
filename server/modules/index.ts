import type { App } from '../http/types';
import account from './account';
import admin from './admin';
import assessments from './assessments';
import assistant from './assistant';
import auth from './auth';
import billing from './billing';
import calendar from './calendar';
import clientLogs from './client-logs';
import dashboard from './dashboard';
import drive from './drive';
import health from './health';
import lti from './lti';
import lookups from './lookups';
import okrs from './okrs';
import notifications from './notifications';
import messaging from './messaging';
import profile from './profile';
import recruit from './recruit';
import support from './support';
import tasks from './tasks';
import teamFormation from './team-formation';
import workspaceTeams from './workspace-teams';
import workspaces from './workspaces';

/** Every area, each through its own index.ts (architecture page: "Seams between areas"). */
export const AREAS = [
  health,
  clientLogs,
  auth,
  account,
  lookups,
  profile,
  tasks,
  assessments,
  okrs,
  workspaceTeams,
  teamFormation,
  workspaces,
  notifications,
  messaging,
  calendar,
  drive,
  recruit,
  lti,
  admin,
  billing,
  dashboard,
  assistant,
  support,
];

export async function registerModules(app: App) {
  // What spans the areas (export, account deletion, stored files) reads them from here.
  app.decorate('areas', AREAS);
  for (const area of AREAS) {
    for (const { prefix, plugin } of area.routes) await app.register(plugin, { prefix });
  }
}
