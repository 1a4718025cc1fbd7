import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../../bench/teams/generate';
import {
  chooseTeamCount,
  formTeams,
  TeamFormationInputError,
  scoreTeams,
  type TeamFormationRequest,
  type TeamFormationResult,
} from '../../../server/teamformation';
import { balanceUnderFloors } from '../../../server/teamformation/balance';
import { buildCohort } from '../../../server/teamformation/cohort';
import { resplitByColumns } from '../../../server/teamformation/columns';
import { buildFirstSplit } from '../../../server/teamformation/construct';
import { Partition } from '../../../server/teamformation/partition';
import { planTeams } from '../../../server/teamformation/plan';
import { buildSearchProblem } from '../../../server/teamformation/problem';
import { createRandom } from '../../../server/teamformation/random';
import { parseTeamFormationInput } from '../../../server/teamformation/schema';
import { evaluateSplit } from '../../../server/teamformation/score';
import { loadLpSolver } from '../../../server/teamformation/lp';
import { LocalSearch } from '../../../server/teamformation/search';

/** A generated cohort with a keep_together pair, a keep_apart pair and the isolation rule. */
function cohortWithPairs(n: number, seed = 1): TeamFormationRequest {
  const request = generateInstance(n, n);
  return {
    ...request,
    seed,
    keep_together: [...(request.keep_together ?? []), ['p1', 'p2']],
    keep_apart: [...(request.keep_apart ?? []), ['p3', 'p4']],
  };
}

function expectEveryoneOnce(request: TeamFormationRequest, result: TeamFormationResult): void {
  const placed = result.teams.flat().map(String);
  expect(placed).toHaveLength(request.people.length);
  expect(new Set(placed)).toEqual(new Set(request.people.map((person) => String(person.id))));
}

const person = (id: string, attributes: Record<string, string> = {}) => ({
  id,
  big5: { E: 20 + id.length * 3, A: 30, C: 30, ES: 30, I: 30 },
  attributes,
});
const people = (count: number, attributes: (i: number) => Record<string, string> = () => ({})) =>
  Array.from({ length: count }, (_, i) => person(`u${i + 1}`, attributes(i)));

describe('formTeams on cohorts where every rule can be met', () => {
  // 200 people run the column stage (about 20 s on this machine's cores).
  it.each([10, 23, 57, 200])(
    'meets every hard rule for %i people',
    { timeout: 90_000 },
    async (n) => {
      const request = cohortWithPairs(n);
      const result = await formTeams(request);
      expect(result.metrics.violations.total).toBe(0);
      expect(result.infeasible).toBeUndefined();
      expectEveryoneOnce(request, result);
      for (const team of result.teams) {
        expect(team.length).toBeGreaterThanOrEqual(4);
        expect(team.length).toBeLessThanOrEqual(5);
      }
      const teamOf = new Map(result.teams.flatMap((team, t) => team.map((id) => [id, t])));
      expect(teamOf.get('p1')).toBe(teamOf.get('p2'));
      expect(teamOf.get('p3')).not.toBe(teamOf.get('p4'));
    },
  );

  it('keeps sizes as equal as they can be: 23 people in 4-5 make five teams of 4 or 5', async () => {
    const sizes = (await formTeams(cohortWithPairs(23))).teams.map((team) => team.length);
    expect(sizes.sort()).toEqual([4, 4, 5, 5, 5]);
  });

  it('gives the same teams for the same seed and other teams for another seed', async () => {
    const first = await formTeams(cohortWithPairs(60, 1));
    expect((await formTeams(cohortWithPairs(60, 1))).teams).toEqual(first.teams);
    expect((await formTeams(cohortWithPairs(60, 2))).teams).not.toEqual(first.teams);
  });

  it(
    'balances personality far better than a random split under the same rules (200 people)',
    { timeout: 90_000 },
    async () => {
      const request = cohortWithPairs(200);
      const balanced = (await formTeams(request)).metrics;
      const random = (await formTeams({ ...request, strategy: 'random' })).metrics;
      expect(random.violations.total).toBe(0);
      expect(random.rho).toBeGreaterThan(0.5);
      expect(balanced.rho).toBeLessThan(0.1 * random.rho);
      expect(balanced.skills_mean).toBeGreaterThan(random.skills_mean);
    },
  );

  it('lets each preset win on what it is for', { timeout: 90_000 }, async () => {
    const request = cohortWithPairs(120);
    const metricsOf = async (strategy: 'personality' | 'skills' | 'availability') =>
      (await formTeams({ ...request, strategy })).metrics;
    const personality = await metricsOf('personality');
    const skills = await metricsOf('skills');
    const availability = await metricsOf('availability');
    expect(skills.skills_mean).toBeGreaterThan(personality.skills_mean);
    expect(availability.availability_mean).toBeGreaterThan(skills.availability_mean);
    // The personality preset's own measure: balance of means and of spreads, at its weights.
    const balanceOf = (metrics: typeof personality) => 0.95 * metrics.rho + 0.05 * metrics.rho2;
    expect(balanceOf(personality)).toBeLessThan(balanceOf(availability));
  });

  it('reports the same metrics scoreTeams computes for its teams', async () => {
    const request = cohortWithPairs(57);
    const result = await formTeams(request);
    const scored = scoreTeams(request, result.teams);
    expect(scored.metrics).toEqual(result.metrics);
    expect(scored.team_metrics).toEqual(result.team_metrics);
  });

  it("keeps the search's running totals equal to a from-scratch evaluation", () => {
    const cohort = buildCohort(parseTeamFormationInput(cohortWithPairs(120)));
    const plan = planTeams(cohort);
    const problem = buildSearchProblem(cohort, plan, true);
    const partition = buildFirstSplit(problem, plan, createRandom(5), true);
    new LocalSearch(partition, createRandom(6), 300_000).run(true);
    const teams = Array.from({ length: plan.teamCount }, (): number[] => []);
    plan.units.forEach((members, u) => teams[partition.teamOf[u]].push(...members));
    const { metrics } = evaluateSplit(cohort, teams);
    expect(partition.objective).toBeCloseTo(metrics.objective, 9);
    expect(partition.violations).toBe(metrics.violations.total);
  });

  it('keeps the floors totals right and never leaves a floor further behind than it began', () => {
    const request = {
      ...cohortWithPairs(120),
      weights: { personality: 0.4, spread: 0.1, skills: 0.25, availability: 0.25 },
    };
    const cohort = buildCohort(parseTeamFormationInput(request));
    const plan = planTeams(cohort);
    const problem = buildSearchProblem(cohort, plan, true);
    const partition = buildFirstSplit(problem, plan, createRandom(5), true);
    new LocalSearch(partition, createRandom(6), 300_000).run(true);
    const target = cohort.input.availability_target;
    const check = (): void => {
      const teams = Array.from({ length: plan.teamCount }, (): number[] => []);
      plan.units.forEach((members, u) => teams[partition.teamOf[u]].push(...members));
      const { metrics } = evaluateSplit(cohort, teams);
      const skills = cohort.requiredSkills.length;
      expect(partition.gapTotal).toBe(
        Math.round(plan.teamCount * skills * (1 - metrics.skills_mean)),
      );
      expect(partition.slotTotal).toBe(
        Math.round(plan.teamCount * target * metrics.availability_mean),
      );
    };
    check();
    const before = partition.excess;
    partition.rhoCap = 0.02 * problem.rhoWeight;
    partition.gapCap = partition.gapTotal;
    partition.slotFloor = partition.slotTotal;
    const excess = partition.excess;
    new LocalSearch(partition, createRandom(7), 300_000).run(true);
    check();
    expect(before).toBe(0);
    expect(partition.excess).toBeLessThanOrEqual(excess + 1e-12);
    expect(partition.violations).toBe(0);
  });
});

describe('the exchange on the five factors under floors', () => {
  it('lowers rho and keeps rules, missing skills, shared slots and the running totals', () => {
    const request = {
      ...cohortWithPairs(200),
      weights: { personality: 0.4, spread: 0.1, skills: 0.25, availability: 0.25 },
    };
    const cohort = buildCohort(parseTeamFormationInput(request));
    const plan = planTeams(cohort);
    const problem = buildSearchProblem(cohort, plan, true);
    const partition = buildFirstSplit(problem, plan, createRandom(5), true);
    new LocalSearch(partition, createRandom(6), 300_000).run(true);
    const split = () => {
      const teams = Array.from({ length: plan.teamCount }, (): number[] => []);
      plan.units.forEach((members, u) => teams[partition.teamOf[u]].push(...members));
      return evaluateSplit(cohort, teams).metrics;
    };
    const before = split();
    expect(before.violations.total).toBe(0);
    const floors = { gaps: partition.gapTotal, slots: partition.slotTotal };
    balanceUnderFloors(partition, createRandom(7), 20_000_000, floors);
    const after = split();
    expect(after.rho).toBeLessThan(before.rho);
    expect(after.violations.total).toBe(0);
    expect(partition.gapTotal).toBeLessThanOrEqual(floors.gaps);
    expect(partition.slotTotal).toBeGreaterThanOrEqual(floors.slots);
    expect(after.skills_mean).toBeGreaterThanOrEqual(before.skills_mean - 1e-12);
    expect(after.availability_mean).toBeGreaterThanOrEqual(before.availability_mean - 1e-12);
    expect(partition.rhoTotal / problem.rhoWeight).toBeCloseTo(after.rho, 9);
    expect(partition.objective).toBeCloseTo(after.objective, 9);
  });
});

describe('the column stage (set partitioning by column generation)', () => {
  /** A far-from-balanced split of `n` people (a short local search), to re-split. */
  function columnStart(n: number) {
    const request = {
      ...cohortWithPairs(n),
      weights: { personality: 0.4, spread: 0.1, skills: 0.25, availability: 0.25 },
    };
    const cohort = buildCohort(parseTeamFormationInput(request));
    const plan = planTeams(cohort);
    const problem = buildSearchProblem(cohort, plan, true);
    const split = () => {
      const start = buildFirstSplit(problem, plan, createRandom(5), true);
      new LocalSearch(start, createRandom(6), 300_000).run(true);
      return start;
    };
    /** The result's teams as person indices, and their metrics from scratch. */
    const evaluate = (result: Partition) => {
      const teams = Array.from({ length: plan.teamCount }, (): number[] => []);
      plan.units.forEach((members, u) => teams[result.teamOf[u]].push(...members));
      return { teams, after: evaluateSplit(cohort, teams).metrics };
    };
    return { plan, problem, split, evaluate };
  }

  it('re-splits for balance and keeps every rule, the skills and the shared slots', async () => {
    const { problem, split, evaluate } = columnStart(100);
    const lp = await loadLpSolver();
    const run = () => {
      const start = split();
      const floors = { gaps: start.gapTotal, slots: start.slotTotal, rho: start.rhoTotal };
      const seen: number[] = [];
      const result = resplitByColumns(start, lp, createRandom(7), 0, (done) => seen.push(done));
      return { floors, result, seen };
    };
    const { floors, result, seen } = run();
    const { teams, after } = evaluate(result);
    expect(after.violations.total).toBe(0);
    expect(teams.every((team) => team.length >= 4 && team.length <= 5)).toBe(true);
    expect(result.gapTotal).toBeLessThanOrEqual(floors.gaps);
    expect(result.slotTotal).toBeGreaterThanOrEqual(floors.slots);
    // The local search's split is far from balanced; the columns more than halve its rho.
    expect(result.rhoTotal).toBeLessThan(0.5 * floors.rho);
    expect(result.rhoTotal / problem.rhoWeight).toBeCloseTo(after.rho, 9);
    expect(seen.at(-1)).toBe(1);
    expect(
      seen.every((done, i) => done >= 0 && done <= 1 && (i === 0 || done >= seen[i - 1])),
    ).toBe(true);
    // Deterministic: the same start and seed give the same split.
    expect(Array.from(run().result.teamOf)).toEqual(Array.from(result.teamOf));
  }, 90_000);

  it('re-splits windows of teams in a larger cohort until rho reaches the goal', async () => {
    // 250 people: 55 teams, over the whole-cohort size, so only windows of 30 teams run.
    const { plan, problem, split, evaluate } = columnStart(250);
    const start = split();
    const floors = { gaps: start.gapTotal, slots: start.slotTotal };
    const goal = (0.7 * start.rhoTotal) / problem.rhoWeight;
    const result = resplitByColumns(start, await loadLpSolver(), createRandom(7), goal);
    const { teams, after } = evaluate(result);
    expect(plan.teamCount).toBeGreaterThan(48);
    expect(after.violations.total).toBe(0);
    expect(teams.flat()).toHaveLength(250);
    expect(result.gapTotal).toBeLessThanOrEqual(floors.gaps);
    expect(result.slotTotal).toBeGreaterThanOrEqual(floors.slots);
    expect(after.rho).toBeLessThanOrEqual(goal);
  }, 90_000);
});

describe('double exchanges in the balancing', () => {
  it('exchanges two people for two when no single exchange lowers rho', async () => {
    // One factor varies (30 + value). Teams {0, 5, -2, -2} and {2, 2, -5, 0}: every single
    // exchange leaves rho as it is or raises it, while {0, 5} for {2, 2} balances both teams.
    const values = [0, 5, -2, -2, 2, 2, -5, 0];
    const request: TeamFormationRequest = {
      team_size: { min: 4, max: 4 },
      people: values.map((value, i) => ({
        id: `p${i + 1}`,
        big5: { E: 30 + value, A: 30, C: 30, ES: 30, I: 30 },
      })),
    };
    const cohort = buildCohort(parseTeamFormationInput(request));
    const plan = planTeams(cohort);
    const problem = buildSearchProblem(cohort, plan, true);
    const partition = new Partition(problem);
    plan.units.forEach((members, u) => partition.add(u, members[0] < 4 ? 0 : 1));
    const rho = () => partition.rhoTotal / problem.rhoWeight;
    expect(rho()).toBeGreaterThan(0.01);
    balanceUnderFloors(partition, createRandom(1), 1_000_000, { gaps: Infinity, slots: -Infinity });
    expect(rho()).toBeCloseTo(0, 12);
    expect([...partition.people]).toEqual([4, 4]);
  });
});

describe('formTeams on cohorts where a rule cannot be met', () => {
  const rulesOf = async (request: TeamFormationRequest) => {
    const result = await formTeams(request);
    expectEveryoneOnce(request, result);
    return (result.infeasible ?? []).map((entry) => entry.rule);
  };

  it('names team_size when no number of teams fits (7 people in teams of 4-5)', async () => {
    const request = { team_size: { min: 4, max: 5 }, people: people(7) };
    const result = await formTeams(request);
    expect(result.infeasible?.[0]).toMatchObject({ rule: 'team_size' });
    expect(result.infeasible?.[0].message).toMatch(/7 people/);
    expect(result.metrics.violations.size).toBeGreaterThan(0);
    expectEveryoneOnce(request, result);
  });

  it('names keep_together when a group is larger than the largest team', async () => {
    const request = {
      team_size: { min: 2, max: 3 },
      keep_together: [
        ['u1', 'u2', 'u3'],
        ['u3', 'u4'],
      ],
      people: people(8),
    };
    const result = await formTeams(request);
    expect(result.infeasible).toEqual([
      expect.objectContaining({ rule: 'keep_together', ids: ['u1', 'u2', 'u3', 'u4'] }),
    ]);
  });

  it('names keep_apart when a pair must also stay together', async () => {
    const request = {
      keep_together: [['u1', 'u2']],
      keep_apart: [['u2', 'u1']] as [string, string][],
      people: people(8),
    };
    expect(await rulesOf(request)).toEqual(['keep_apart']);
  });

  it('names isolation when a group has exactly one member', async () => {
    const request = {
      people: people(8, (i) => ({ gender: i === 0 ? 'F' : 'M' })),
      no_isolated: [{ attribute: 'gender', value: 'F' }],
    };
    const result = await formTeams(request);
    expect(result.infeasible).toEqual([
      expect.objectContaining({ rule: 'isolation', attribute: 'gender', value: 'F', ids: ['u1'] }),
    ]);
  });

  it('names isolation when an odd group cannot pair up in teams of two', async () => {
    const request = {
      team_size: { min: 2, max: 2 },
      people: people(6, (i) => ({ gender: i < 3 ? 'F' : 'M' })),
      no_isolated: [{ attribute: 'gender', value: 'F' }],
    };
    expect(await rulesOf(request)).toEqual(['isolation']);
  });

  it('names keep_apart when more people must be apart than there are teams', async () => {
    const request = {
      keep_apart: [
        ['u1', 'u2'],
        ['u2', 'u3'],
        ['u1', 'u3'],
      ] as [string, string][],
      people: people(8),
    };
    const result = await formTeams(request);
    expect(result.infeasible).toEqual([
      { rule: 'keep_apart', message: expect.stringMatching(/no split was found/) },
    ]);
    expect(result.metrics.violations.keep_apart).toBe(1);
  });
});

describe('input validation', () => {
  const valid: TeamFormationRequest = { people: people(8) };
  const issuesOf = (request: unknown): readonly string[] => {
    try {
      formTeams(request as TeamFormationRequest);
    } catch (error) {
      if (error instanceof TeamFormationInputError) return error.issues;
      throw error;
    }
    throw new Error('expected TeamFormationInputError');
  };

  it('names the field of each problem', () => {
    expect(
      issuesOf({ ...valid, team_size: { min: 5, max: 4 }, colour: 'blue' }).join('\n'),
    ).toMatch(/team_size: min must not exceed max[\s\S]*colour/);
    expect(
      issuesOf({ people: [{ id: 'a', big5: { E: 60, A: 30, C: 30, ES: 30, I: 30 } }] }),
    ).toEqual([expect.stringMatching(/^people\[0\]\.big5\.E:/)]);
    expect(issuesOf({ people: [{ id: 'a', availability: [168] }] })).toEqual([
      expect.stringMatching(/^people\[0\]\.availability\[0\]:/),
    ]);
  });

  it('checks ids across fields', () => {
    expect(issuesOf({ ...valid, keep_apart: [['u1', 'nobody']] })).toEqual([
      'keep_apart[0]: unknown person id "nobody"',
    ]);
    expect(issuesOf({ people: [...people(4), person('u1')] })).toEqual([
      'people: id "u1" appears twice',
    ]);
  });

  it('refuses weights with a preset strategy, and all-zero weights', () => {
    expect(issuesOf({ ...valid, strategy: 'skills', weights: { skills: 1 } })[0]).toMatch(
      /own weights/,
    );
    expect(issuesOf({ ...valid, weights: { personality: 0 } })[0]).toMatch(/above 0/);
  });
});

describe('chooseTeamCount', () => {
  it('picks the K nearest N / mean size among those that fit, ties to fewer teams', () => {
    expect(chooseTeamCount(16, 4, 5)).toBe(4);
    expect(chooseTeamCount(1000, 4, 5)).toBe(222);
    expect(chooseTeamCount(10, 3, 5)).toBe(2);
    expect(chooseTeamCount(7, 4, 5)).toBeNull();
  });
});
