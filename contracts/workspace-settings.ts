import { z } from 'zod';
import { FORMATION_STRATEGIES } from './team-formation';

/** Spec 6 "Workspace settings": the team-formation strategy a workspace uses by default. */
export const teamFormationStrategyBody = z.object({
  team_formation: z.enum(FORMATION_STRATEGIES).nullable(),
});
export const teamFormationStrategies = z.object({
  strategies: z.array(z.enum(FORMATION_STRATEGIES)),
  team_formation: z.enum(FORMATION_STRATEGIES).nullable(),
});
