import { z } from 'zod';
import { rowId } from './common';
import { FACTORS } from './profile';
import { team, userIds } from './workspace-teams';
import { person } from './people';

/** Team formation (spec 4 "Random team formation", 7.2, 7.3): start, poll, adjust, confirm. */
export const FORMATION_STRATEGIES = [
  'random',
  'personality',
  'skills',
  'availability',
  'mixed',
] as const;
/** A proposal is kept (done) until confirmed or dropped by its owner. */
export const FORMATION_STATUSES = [
  'queued',
  'running',
  'done',
  'failed',
  'confirmed',
  'dropped',
] as const;

const weight = z.number().min(0).max(100);
export const formationWeights = z.object({
  personality: weight,
  spread: weight,
  skills: weight,
  availability: weight,
});

export const startFormationBody = z
  .object({
    workspace_id: rowId,
    strategy: z.enum(FORMATION_STRATEGIES).default('mixed'),
    /** Only with the mixed strategy; the others bring their own. */
    weights: formationWeights.optional(),
    team_size: z
      .object({ min: z.number().int().min(1).max(50), max: z.number().int().min(1).max(50) })
      .refine((size) => size.min <= size.max, {
        message: 'The smallest size may not exceed the largest.',
        path: ['min'],
      })
      .default({ min: 4, max: 5 }),
    /** Skills every team should have, by catalogue id (the profile's skills picker)... */
    required_skill_ids: z.array(rowId).max(50).default([]),
    /** ...or by name, English or Vietnamese, any case. */
    required_skills: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
    /** Shared free hours a week a team should have. */
    availability_target: z.number().int().min(1).max(40).default(6),
    /** Named groups no team may hold exactly one member of (e.g. a team never has one woman). */
    groups: z
      .array(z.object({ name: z.string().trim().min(1).max(60), user_ids: userIds.min(1) }))
      .max(10)
      .default([]),
    keep_together: z.array(userIds.min(2)).max(200).default([]),
    keep_apart: z
      .array(z.tuple([rowId, rowId]))
      .max(500)
      .default([]),
    /** The people to form teams from; by default the members with no team yet. */
    user_ids: userIds.optional(),
    seed: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .refine((body) => body.strategy === 'mixed' || body.weights === undefined, {
    message: 'Weights go with the mixed strategy.',
    path: ['weights'],
  })
  .refine((body) => !body.weights || Object.values(body.weights).some((w) => w > 0), {
    message: 'At least one weight must be above 0.',
    path: ['weights'],
  });
export type StartFormationBody = z.input<typeof startFormationBody>;

export const formationTokenParam = z.object({ token: z.uuid() });

export const violations = z.object({
  size: z.number().int(),
  keep_together: z.number().int(),
  keep_apart: z.number().int(),
  isolation: z.number().int(),
  total: z.number().int(),
});
/**
 * Every metric of a split, each reported on its own (issue: never only a blend). A metric
 * read from a part of people's profiles is null when someone in the run keeps that part from
 * the caller (docs/decisions/profile-privacy.md): personality measures, skills measures,
 * availability measures, and the objective that blends them.
 */
export const formationMetrics = z.object({
  team_count: z.number().int(),
  rho: z.number().nullable(),
  rho2: z.number().nullable(),
  dmax: z.number().nullable(),
  skills_mean: z.number().nullable(),
  skills_min: z.number().nullable(),
  skills_upper_bound: z.number().nullable(),
  availability_mean: z.number().nullable(),
  availability_min: z.number().nullable(),
  objective: z.number().nullable(),
  violations,
});
export type FormationMetrics = z.infer<typeof formationMetrics>;
/**
 * One team's measures. Skills and shared hours are null when a member keeps them from the
 * caller; the personality mix is null when anyone in the run does, since it is measured in
 * standard deviations of the whole run.
 */
export const teamMetrics = z.object({
  size: z.number().int(),
  mean_z: z.record(z.enum(FACTORS), z.number()).nullable(),
  skills_coverage: z.number().nullable(),
  missing_skills: z.array(z.string()).nullable(),
  common_slots: z.number().int().nullable(),
  availability: z.number().nullable(),
});
export type TeamMetrics = z.infer<typeof teamMetrics>;
export const infeasibleRule = z.object({
  rule: z.enum(['team_size', 'keep_together', 'keep_apart', 'isolation']),
  message: z.string(),
});

export const proposedTeam = z.object({ members: z.array(person), metrics: teamMetrics });
/**
 * Where a proposal sits on the front between balance and the rest (issue 35): the most
 * balanced split, the middle one (personality balance held at rho 0.02), and the split the
 * weights alone prefer, which buys the most shared hours and skills with balance.
 */
export const PROPOSAL_KINDS = ['balanced', 'middle', 'hours'] as const;
export const formationProposal = z.object({
  kind: z.enum(PROPOSAL_KINDS),
  /** The one the run's teams are (the engine's choice); the owner may pick another. */
  recommended: z.boolean(),
  /** The cap on rho it was found under; null when the weights alone decided. */
  rho_cap: z.number().nullable(),
  metrics: formationMetrics,
  /** Its teams as lists of user ids (the people are those of the run's teams). */
  teams: z.array(z.array(z.number().int())),
});
export type FormationProposal = z.infer<typeof formationProposal>;
/**
 * Measures nobody gave data for are null, never a perfect score (issue 28): personality when
 * fewer than two people finished the self-assessment, skills when no skill was asked for,
 * availability when nobody has set free hours. True says which, so the page can say why.
 */
export const noData = z.object({
  personality: z.boolean(),
  skills: z.boolean(),
  availability: z.boolean(),
});
export const formationRun = z.object({
  token: z.string(),
  workspace_id: z.number().int(),
  status: z.enum(FORMATION_STATUSES),
  strategy: z.enum(FORMATION_STRATEGIES),
  weights: formationWeights.nullable(),
  people_count: z.number().int(),
  /**
   * How many of the people have each kind of data the engine balances on, counted over those
   * who let the caller see it; `hidden` counts the people who keep it from the caller.
   */
  coverage: z.object({
    personality: z.number().int(),
    skills: z.number().int(),
    availability: z.number().int(),
    hidden: z.object({
      personality: z.number().int(),
      skills: z.number().int(),
      availability: z.number().int(),
    }),
  }),
  created_by: person.nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  error: z.string().nullable(),
  teams: z.array(proposedTeam).nullable(),
  metrics: formationMetrics.nullable(),
  /** Two or three splits along the front, most balanced first; null until done. */
  proposals: z.array(formationProposal).nullable(),
  /** Share of the engine's work done (0 to 1) while it runs; null before it starts. */
  progress: z.number().nullable(),
  no_data: noData,
  infeasible: z.array(infeasibleRule),
});
export type FormationRun = z.infer<typeof formationRun>;
export const formationRunResource = z.object({ run: formationRun });
export const startedFormation = z.object({ token: z.string(), status: z.enum(FORMATION_STATUSES) });

/** A split after hand edits (e.g. two people swapped), as lists of user ids. */
export const formationSplit = z.array(userIds.min(1)).min(1).max(2000);
export const scoreFormationBody = z.object({ teams: formationSplit });
export const formationScore = z.object({
  metrics: formationMetrics,
  team_metrics: z.array(teamMetrics),
  no_data: noData,
});
export const confirmFormationBody = z.object({
  token: z.uuid(),
  teams: formationSplit.optional(),
  names: z.array(z.string().trim().min(1).max(80)).max(2000).optional(),
});
export const confirmedFormation = z.object({ teams: z.array(team) });

export const formationHistory = z.object({
  runs: z.array(formationRun.omit({ teams: true, proposals: true })),
});

// ---------------------------------------------------------------- team generator (spec 7.8)

export const publicWorkspace = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  summary: z.string().nullable(),
  workspace_type: z.string(),
  members_count: z.number().int(),
  teams_count: z.number().int(),
  published_by: person.nullable(),
  published_at: z.string(),
});
export const publicWorkspacesQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const publicWorkspacePage = z.object({
  workspaces: z.object({
    data: z.array(publicWorkspace),
    meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
  }),
});
/** `GET teamgenerator/workspaces/:id/public`: whether its owners published it. */
export const publicationState = z.object({
  public: z.boolean(),
  summary: z.string().nullable(),
  published_at: z.string().nullable(),
});
export const publicWorkspaceDetail = z.object({
  workspace: publicWorkspace,
  teams: z.array(z.object({ name: z.string(), members_count: z.number().int() })),
});
/** Members as anyone signed in may see them: name and picture, and skills when public. */
export const publicMember = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  skills: z.array(z.string()).nullable(),
});
export const publicWorkspaceUsers = z.object({
  users: z.array(publicMember),
  /** Members left out because they keep their profile from the caller. */
  hidden_count: z.number().int(),
});
export const publishWorkspaceBody = z.object({ summary: z.string().trim().max(500).nullable() });
export const transferFromPublicBody = z.object({
  workspace_id: rowId,
  name: z.string().trim().min(1).max(120).optional(),
});
export const transferredWorkspace = z.object({
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  teams_count: z.number().int(),
});
