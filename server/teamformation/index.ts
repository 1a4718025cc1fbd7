export {
  formTeams,
  RHO_TARGET,
  type Proposal,
  type ProposalKind,
  type TeamFormationResult,
} from './form-teams';
export { scoreTeams } from './score-teams';
export { chooseTeamCount, type InfeasibleRule } from './plan';
export {
  TeamFormationInputError,
  teamFormationInputSchema,
  type PersonId,
  type Strategy,
  type TeamFormationRequest,
  type Weights,
} from './schema';
export type { Metrics, SplitEvaluation, TeamMetrics, Violations } from './score';
