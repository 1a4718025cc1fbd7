import { z } from 'zod';

const personIdSchema = z.union([z.string().min(1), z.number().int()]);
export type PersonId = z.infer<typeof personIdSchema>;

const attributeValueSchema = z.union([z.string(), z.number(), z.boolean()]);

/** IPIP-50 factor sums: ten items scored 1-5 each. */
const factorSumSchema = z.number().min(10).max(50);

const personSchema = z.object({
  id: personIdSchema,
  big5: z
    .strictObject({
      E: factorSumSchema,
      A: factorSumSchema,
      C: factorSumSchema,
      ES: factorSumSchema,
      I: factorSumSchema,
    })
    .optional(),
  skills: z.array(z.string()).default([]),
  /** Hour-of-week slots in UTC (day * 24 + hour, Monday = day 0); absent means unknown. */
  availability: z.array(z.number().int().min(0).max(167)).optional(),
  attributes: z.record(z.string(), attributeValueSchema).default({}),
});

const weightSchema = z.number().min(0).max(1000).default(0);

export const STRATEGIES = ['random', 'personality', 'skills', 'availability', 'mixed'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const teamFormationInputSchema = z.strictObject({
  team_size: z
    .strictObject({ min: z.number().int().min(1), max: z.number().int().min(1) })
    .refine((size) => size.min <= size.max, { message: 'min must not exceed max' })
    .default({ min: 4, max: 5 }),
  strategy: z.enum(STRATEGIES).optional(),
  weights: z
    .strictObject({
      personality: weightSchema,
      spread: weightSchema,
      skills: weightSchema,
      availability: weightSchema,
    })
    .optional(),
  required_skills: z.array(z.string().min(1)).default([]),
  availability_target: z.number().int().min(1).max(168).default(6),
  no_isolated: z
    .array(z.strictObject({ attribute: z.string().min(1), value: attributeValueSchema }))
    .max(32)
    .default([]),
  keep_together: z.array(z.array(personIdSchema).min(2)).default([]),
  keep_apart: z.array(z.tuple([personIdSchema, personIdSchema])).default([]),
  seed: z.number().int().default(1),
  people: z.array(personSchema).min(1),
});

/** What callers pass: optional fields may be left out. */
export type TeamFormationRequest = z.input<typeof teamFormationInputSchema>;
type ParsedInput = z.output<typeof teamFormationInputSchema>;
export type Person = ParsedInput['people'][number];
export type IsolationRule = ParsedInput['no_isolated'][number];

export interface Weights {
  personality: number;
  spread: number;
  skills: number;
  availability: number;
}

/**
 * The default leads with personality balance: a required skill missing from one team costs about
 * what a noticeably unbalanced team does; spread and availability mostly break ties, because
 * every common hour gained in a team costs balance once people live in several time zones.
 */
export const DEFAULT_WEIGHTS: Weights = {
  personality: 0.82,
  spread: 0.02,
  skills: 0.15,
  availability: 0.01,
};

/** Presets keep some personality weight so that ties in their focus still go to balance. */
const PRESET_WEIGHTS: Record<'personality' | 'skills' | 'availability', Weights> = {
  personality: { personality: 0.95, spread: 0.05, skills: 0, availability: 0 },
  skills: { personality: 0.3, spread: 0.02, skills: 0.68, availability: 0 },
  availability: { personality: 0.3, spread: 0.02, skills: 0.08, availability: 0.6 },
};

/** Validated input with defaults filled in and the strategy resolved to weights. */
export interface TeamFormationInput extends Omit<ParsedInput, 'strategy' | 'weights'> {
  strategy: Strategy;
  /** The weights of the objective J (for `random`, only used to report J). */
  weights: Weights;
}

export class TeamFormationInputError extends Error {
  readonly issues: readonly string[];

  constructor(issues: string[]) {
    super(`Invalid team formation input:\n- ${issues.join('\n- ')}`);
    this.name = 'TeamFormationInputError';
    this.issues = issues;
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}

/** Validates a request, fills defaults and resolves the strategy; throws TeamFormationInputError. */
export function parseTeamFormationInput(request: unknown): TeamFormationInput {
  const parsed = teamFormationInputSchema.safeParse(request);
  if (!parsed.success) {
    throw new TeamFormationInputError(
      parsed.error.issues.map((issue) =>
        issue.path.length > 0 ? `${formatPath(issue.path)}: ${issue.message}` : issue.message,
      ),
    );
  }
  const { strategy: requestedStrategy, weights: requestedWeights, ...input } = parsed.data;
  const issues: string[] = [];

  const known = new Set<string>();
  for (const person of input.people) {
    const key = String(person.id);
    if (known.has(key)) issues.push(`people: id ${JSON.stringify(person.id)} appears twice`);
    known.add(key);
  }
  const checkIds = (field: string, groups: readonly (readonly PersonId[])[]): void => {
    groups.forEach((group, index) => {
      for (const id of group) {
        if (!known.has(String(id))) {
          issues.push(`${field}[${index}]: unknown person id ${JSON.stringify(id)}`);
        }
      }
      if (new Set(group.map(String)).size !== group.length) {
        issues.push(`${field}[${index}]: lists the same person twice`);
      }
    });
  };
  checkIds('keep_together', input.keep_together);
  checkIds('keep_apart', input.keep_apart);

  const strategy: Strategy = requestedStrategy ?? 'mixed';
  if (requestedWeights && strategy !== 'mixed' && strategy !== 'random') {
    issues.push(`weights: the "${strategy}" strategy has its own weights; use "mixed" to set them`);
  }
  const weights =
    strategy === 'mixed' || strategy === 'random'
      ? (requestedWeights ?? DEFAULT_WEIGHTS)
      : PRESET_WEIGHTS[strategy];
  const weightSum = weights.personality + weights.spread + weights.skills + weights.availability;
  if (strategy !== 'random' && weightSum <= 0) {
    issues.push('weights: at least one weight must be above 0');
  }
  if (issues.length > 0) throw new TeamFormationInputError(issues);
  return { ...input, strategy, weights };
}
