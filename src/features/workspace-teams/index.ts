export { teamKeys } from './keys';
/** What other features may use of the workspace teams area. */
export { useTeamMembers } from './hooks';
