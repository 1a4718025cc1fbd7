import { endpoint } from '../endpoint';
import type {
  answerTeamRequestBody,
  createTeamBody,
  createTeamRequestBody,
  exportTeamsQuery,
  setMembersBody,
  teamInformation,
  teamModalInformation,
  teamRequestResource,
  teamRequestsQuery,
  teamRequestsResource,
  teamResource,
  teamsResource,
  updateTeamBody,
  userSetBody,
} from '../workspace-teams';
import type { emptyResource } from '../common';

export const workspaceTeamEndpoints = {
  list: endpoint('GET', 'core/workspaces/:id/teams').of<{ response: typeof teamsResource }>(),
  create: endpoint('POST', 'core/workspaces/:id/teams').of<{
    body: typeof createTeamBody;
    response: typeof teamResource;
  }>(),
  card: endpoint('GET', 'core/teams/:id/modal-information').of<{
    response: typeof teamModalInformation;
  }>(),
  update: endpoint('PATCH', 'core/teams/:id').of<{
    body: typeof updateTeamBody;
    response: typeof teamResource;
  }>(),
  remove: endpoint('DELETE', 'core/teams/:id').of<{ response: typeof emptyResource }>(),
  removeByMember: endpoint('DELETE', 'core/teams/:id/by-member').of<{
    response: typeof emptyResource;
  }>(),
  setMembers: endpoint('PUT', 'core/teams/:id/members').of<{
    body: typeof setMembersBody;
    response: typeof teamResource;
  }>(),
  removeMember: endpoint('DELETE', 'core/teams/:id/members/:member').of<{
    response: typeof emptyResource;
  }>(),
  leave: endpoint('POST', 'core/teams/:id/leave').of<{ response: typeof emptyResource }>(),
  subscribe: endpoint('POST', 'core/teams/:id/subscribing-by-member').of<{
    response: typeof teamResource;
  }>(),
  request: endpoint('POST', 'core/teams/:id/requests').of<{
    body: typeof createTeamRequestBody;
    response: typeof teamRequestResource;
  }>(),
  requests: endpoint('GET', 'core/teams/requests').of<{
    query: typeof teamRequestsQuery;
    response: typeof teamRequestsResource;
  }>(),
  answer: endpoint('PATCH', 'core/teams/requests/:id').of<{
    body: typeof answerTeamRequestBody;
    response: typeof teamRequestResource;
  }>(),
  information: endpoint('POST', 'core/workspaces/:id/team-information').of<{
    body: typeof userSetBody;
    response: typeof teamInformation;
  }>(),
  export: endpoint('GET', 'core/workspaces/:id/export-teams').of<{
    query: typeof exportTeamsQuery;
    response: 'file';
  }>(),
};
