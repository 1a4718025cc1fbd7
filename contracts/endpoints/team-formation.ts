import { endpoint } from '../endpoint';
import type {
  confirmFormationBody,
  confirmedFormation,
  formationHistory,
  formationRunResource,
  formationScore,
  publicWorkspacePage,
  publicWorkspacesQuery,
  publicationState,
  publishWorkspaceBody,
  scoreFormationBody,
  startFormationBody,
  startedFormation,
  transferFromPublicBody,
  transferredWorkspace,
} from '../team-formation';
import type { emptyResource } from '../common';

export const teamFormationEndpoints = {
  start: endpoint('POST', 'teamformation').of<{
    body: typeof startFormationBody;
    response: typeof startedFormation;
  }>(),
  run: endpoint('GET', 'teamformation/:token').of<{ response: typeof formationRunResource }>(),
  score: endpoint('POST', 'teamformation/:token/score').of<{
    body: typeof scoreFormationBody;
    response: typeof formationScore;
  }>(),
  drop: endpoint('POST', 'teamformation/:token/drop').of<{ response: typeof emptyResource }>(),
  confirm: endpoint('POST', 'core/workspaces/:id/team-formation').of<{
    body: typeof confirmFormationBody;
    response: typeof confirmedFormation;
  }>(),
  history: endpoint('GET', 'teamformation/history/:id').of<{ response: typeof formationHistory }>(),
  publicWorkspaces: endpoint('GET', 'teamgenerator/workspaces').of<{
    query: typeof publicWorkspacesQuery;
    response: typeof publicWorkspacePage;
  }>(),
  publication: endpoint('GET', 'teamgenerator/workspaces/:id/public').of<{
    response: typeof publicationState;
  }>(),
  publish: endpoint('PUT', 'teamgenerator/workspaces/:id/public').of<{
    body: typeof publishWorkspaceBody;
    response: typeof emptyResource;
  }>(),
  unpublish: endpoint('DELETE', 'teamgenerator/workspaces/:id/public').of<{
    response: typeof emptyResource;
  }>(),
  transferFromPublic: endpoint('POST', 'teamgenerator/workspaces/transfer-from-public').of<{
    body: typeof transferFromPublicBody;
    response: typeof transferredWorkspace;
  }>(),
};
