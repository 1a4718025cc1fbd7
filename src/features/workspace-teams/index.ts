/** What other features may use of the workspace teams area. */
export { teamKeys, teamsApi } from './api';
