import type { Highs } from 'highs';
import { DOUBLE_SCAN_TEAMS, balanceUnderFloors, type Floors } from './balance';
import { buildCohort } from './cohort';
import { columnStageWork, resplitByColumns } from './columns';
import { buildFirstSplit } from './construct';
import { loadLpSolver } from './lp';
import { cycleExchange } from './cycles';
import { planTeams, type InfeasibleRule, type Plan } from './plan';
import { Partition } from './partition';
import { buildSearchProblem, type SearchProblem } from './problem';
import { createRandom, type Random } from './random';
import {
  parseTeamFormationInput,
  type PersonId,
  type Strategy,
  type TeamFormationInput,
  type TeamFormationRequest,
  type Weights,
} from './schema';
import { evaluateSplit, type SplitEvaluation, type Violations } from './score';
import { LocalSearch } from './search';

/** Where a proposal sits on the front between balance and the other criteria. */
export type ProposalKind = 'balanced' | 'middle' | 'hours';

/** One split along the front, with every measure. */
export interface Proposal extends SplitEvaluation {
  kind: ProposalKind;
  teams: PersonId[][];
  /** The cap on rho it was found under; null when only the weights decided. */
  rho_cap: number | null;
}

export interface TeamFormationResult extends SplitEvaluation {
  /** The recommended split (one of the proposals). */
  teams: PersonId[][];
  strategy: Strategy;
  weights: Weights;
  /** The cap on rho the recommended split was found under; null when only the weights decided. */
  rho_cap: number | null;
  /**
   * Two or three splits along the front, most balanced first, each buying more skills or shared
   * hours with balance; one of them is the recommended split. One when there is nothing to trade.
   */
  proposals: Proposal[];
  /** Present when some rule cannot be met; the teams are then the closest split found. */
  infeasible?: InfeasibleRule[];
}

/**
 * rho at or under which teams count as balanced: team means then differ from the cohort's by
 * about a seventh of what a random split leaves. The middle proposal is searched under it as
 * a cap, beside floors on skills and shared hours, and may stay above it when they cannot all
 * be met.
 */
export const RHO_TARGET = 0.02;
/**
 * The column stage re-splits windows of teams until rho is this far under the target, so that
 * the recommended split does not sit on its edge.
 */
const COLUMN_GOAL = 0.9 * RHO_TARGET;
/** The most balanced proposal may give up this share of the best rho for skills and hours. */
const BALANCED_SLACK = 1.15;

/**
 * Move evaluations the search may spend. A count, not a clock, so a seed always gives the same
 * teams; at about 50 ns each that is 0.4 s of one core for 1,000 people, 2 s for 5,000.
 */
function evaluationBudget(units: number): number {
  return 500_000 + 7_000 * units;
}

/**
 * Pair evaluations the exchange on the five factors may spend after the middle proposal's
 * search. Where a pass over everyone (each unit against every other unit and team) costs at
 * most BALANCE_MINIMUM / WHOLE_PASSES pairs (up to about 2,000 people), BALANCE_MINIMUM: the
 * double exchanges and then the chains of two finish up to about 1,000 people. Beyond it,
 * BALANCE_PASSES passes: the cyclic exchanges after it (cycles.ts) lower rho more per CPU
 * second there than further passes.
 */
function balanceBudget(units: number, teams: number): number {
  const pass = units * (units + teams);
  return pass <= BALANCE_MINIMUM / WHOLE_PASSES ? BALANCE_MINIMUM : BALANCE_PASSES * pass;
}
const BALANCE_PASSES = 1.5;
const BALANCE_MINIMUM = 80_000_000;
const WHOLE_PASSES = 16;
/** Pair evaluations of the exchange that take as long as one move evaluation of the search. */
const PAIRS_PER_EVALUATION = 8;
/**
 * Evaluations the cyclic exchanges (cycles.ts) may spend per unit, after the exchange (at
 * 5,000 people 70 million, about 0.9 s of CPU, and all of it is needed); cohorts the exchange
 * does not kick get at least CYCLE_MINIMUM and spend what the cycles leave on kicks of their
 * own (1,000 people: rho 0.0331 without them, 0.0321 with 14 million, 0.0295 with 30 million).
 */
const CYCLE_EVALUATIONS_PER_UNIT = 14_000;
const CYCLE_MINIMUM = 30_000_000;
/** Cycle evaluations that take as long as one move evaluation of the search. */
const CYCLE_EVALUATIONS_PER_EVALUATION = 3;

/**
 * Small cohorts: after the exchange, KICK_ROUNDS rounds of a few random exchanges that keep
 * rules and floors, then the exchange again with KICK_BUDGET pair evaluations, the split kept
 * only when rho fell (iterated local search). Where one exchange pass over everyone and one of
 * double exchanges take more than KICK_SHARE of a round, rounds would be mostly spent
 * starting over, and there are none (at 200 people a round is 2 million pairs, 40 ms).
 */
const KICK_ROUNDS = 50;
const KICK_BUDGET = 2_000_000;
const KICK_SHARE = 0.5;
/** Subsets of one or two of five people: a double exchange compares 15 x 15 per pair of teams. */
const SUBSET_PAIRS = 225;

/** KICK_ROUNDS for cohorts where a round is mostly search, else none. */
function kickRoundsFor(problem: SearchProblem): number {
  const { unitCount: units, teamCount: teams } = problem;
  const restart =
    units * (units + teams) + teams * Math.min(teams - 1, DOUBLE_SCAN_TEAMS) * SUBSET_PAIRS;
  return restart <= KICK_SHARE * KICK_BUDGET ? KICK_ROUNDS : 0;
}

/**
 * Iterated local search on the five factors: `rounds` times, two to four random exchanges
 * that break no rule and keep the floors, then balanceUnderFloors; the split goes back to the
 * best one found whenever rho did not fall. Returns the partition holding the best split.
 */
function kickAndBalance(
  start: Partition,
  random: Random,
  rounds: number,
  floors: Floors,
  onProgress: (rounds: number) => void,
): Partition {
  const problem = start.problem;
  const units = problem.unitCount;
  const rhoOf = (partition: Partition): number => partition.rhoTotal / problem.rhoWeight;
  let partition = start;
  let best = Int32Array.from(partition.teamOf);
  let bestRho = rhoOf(partition);
  for (let round = 0; round < rounds; round++) {
    const swaps = 2 + random.int(3);
    for (let done = 0, tries = 0; done < swaps && tries < KICK_TRIES; tries++) {
      const u = random.int(units);
      const v = random.int(units);
      const b = partition.teamOf[v];
      if (b === partition.teamOf[u] || problem.unitSize[u] !== problem.unitSize[v]) continue;
      partition.changeOf(u, v, b);
      if (partition.changeViolations > 0) continue;
      if (partition.gapTotal + partition.changeGaps > floors.gaps) continue;
      if (partition.slotTotal + partition.changeSlots < floors.slots) continue;
      partition.swap(u, v);
      done++;
    }
    balanceUnderFloors(partition, random, KICK_BUDGET, floors);
    if (rhoOf(partition) < bestRho - 1e-12) {
      best = Int32Array.from(partition.teamOf);
      bestRho = rhoOf(partition);
    } else {
      partition = partition.withTeams(best);
    }
    onProgress(round + 1);
  }
  return partition;
}
/** Random picks per kick to find its exchanges that keep rules and floors. */
const KICK_TRIES = 200;

/** Shares of the budget: balance first, then each proposal from the one before it. */
const STAGE_SHARES = { hours: 0.3, middle: 0.5, balance: 0.08, balanced: 0.05 };
/** Share of the weights' optimum's shared hours the middle proposal keeps at least. */
const HOURS_KEPT = 0.88;

/** Person indices of each team, members in input order, teams ordered by their first member. */
function teamsOf(partition: Partition, plan: Plan): number[][] {
  const teams = Array.from({ length: plan.teamCount }, (): number[] => []);
  plan.units.forEach((members, u) => teams[partition.teamOf[u]].push(...members));
  for (const team of teams) team.sort((a, b) => a - b);
  return teams.sort((a, b) => a[0] - b[0]);
}

/**
 * Rules the search can fail to meet without planTeams having proved them impossible: sizes and
 * keep_together are built into every split, and broken only when planTeams already said so.
 */
const SEARCHED_RULES = ['keep_apart', 'isolation'] as const;

/** Violations no structural check explained: the search found no split meeting them. */
function unexplainedViolations(violations: Violations, known: InfeasibleRule[]): InfeasibleRule[] {
  return SEARCHED_RULES.flatMap((rule) => {
    const count = violations[rule];
    if (count === 0 || known.some((entry) => entry.rule === rule)) return [];
    return [
      { rule, message: `no split was found that meets every ${rule} rule (${count} not met)` },
    ];
  });
}

/**
 * Splits the people into teams: hard rules first (sizes, keep_together, keep_apart,
 * no_isolated), then the weighted objective. Throws TeamFormationInputError on bad input.
 */
export function formTeams(
  request: TeamFormationRequest,
  onProgress?: (done: number) => void,
): Promise<TeamFormationResult> {
  // Bad input throws here, synchronously; the solve waits for the LP solver to load.
  const input = parseTeamFormationInput(request);
  return loadLpSolver().then((lp) => formParsedTeams(input, lp, onProgress));
}

function formParsedTeams(
  input: TeamFormationInput,
  lp: Highs,
  onProgress?: (done: number) => void,
): TeamFormationResult {
  const cohort = buildCohort(input);
  const plan = planTeams(cohort);
  const optimise = input.strategy !== 'random';
  const problem = buildSearchProblem(cohort, plan, optimise);
  const random = createRandom(input.seed);
  let partition = buildFirstSplit(problem, plan, random, optimise);
  const budget = evaluationBudget(problem.unitCount);
  const pairBudget = balanceBudget(problem.unitCount, problem.teamCount);
  const front = optimise && problem.rhoWeight > 0 && problem.teamCount > 1;
  const kickRounds = front ? kickRoundsFor(problem) : 0;
  const cycleKicks = kickRounds === 0;
  const cycleBudget = Math.max(
    CYCLE_EVALUATIONS_PER_UNIT * problem.unitCount,
    cycleKicks ? CYCLE_MINIMUM : 0,
  );
  /** The search, the exchange and the cycles in move evaluations, for progress. */
  const searchTotal =
    budget +
    (front
      ? (pairBudget + kickRounds * KICK_BUDGET) / PAIRS_PER_EVALUATION +
        cycleBudget / CYCLE_EVALUATIONS_PER_EVALUATION
      : 0);
  /** The column stage, where it runs, takes most of the time; counted as move evaluations. */
  const columnWork = front ? columnStageWork(problem.teamCount) : 0;
  /** The whole run in move evaluations, for progress. */
  const total = searchTotal + columnWork;
  let spent = 0;
  /**
   * Searches for `share` of the budget on `stageProblem` under a cap on rho and, when given,
   * floors on skills (most missing skills) and shared hours (fewest shared slots).
   */
  const search = (
    stageProblem: SearchProblem,
    share: number,
    cap: number,
    floors?: { gaps: number; slots: number },
  ): void => {
    if (partition.problem !== stageProblem) {
      const next = new Partition(stageProblem);
      for (let u = 0; u < stageProblem.unitCount; u++) next.add(u, partition.teamOf[u]);
      partition = next;
    }
    partition.rhoCap = cap === Infinity ? Infinity : cap * stageProblem.rhoWeight;
    partition.gapCap = floors?.gaps ?? Infinity;
    partition.slotFloor = floors?.slots ?? -Infinity;
    const stage = Math.round(budget * share);
    const base = spent;
    new LocalSearch(partition, random, stage, (done) =>
      onProgress?.(Math.min(1, (base + done) / total)),
    ).run(optimise);
    spent += stage;
    onProgress?.(Math.min(1, spent / total));
  };

  const proposals: Proposal[] = [];
  const snapshot = (kind: ProposalKind, cap: number): void => {
    const indices = teamsOf(partition, plan);
    proposals.push({
      kind,
      teams: indices.map((team) => team.map((i) => cohort.ids[i])),
      rho_cap: cap === Infinity ? null : cap,
      ...evaluateSplit(cohort, indices),
    });
  };
  const rhoNow = (): number => partition.rhoTotal / partition.problem.rhoWeight;

  let recommended: ProposalKind = 'hours';
  search(problem, front ? STAGE_SHARES.hours : 1, Infinity);
  if (front && rhoNow() <= RHO_TARGET) {
    // The weights already balance: their optimum gets the budget of the middle proposal.
    search(problem, STAGE_SHARES.middle, Infinity);
  }
  snapshot('hours', Infinity);
  if (front) {
    // The weights' own optimum first; then balance toward the target under floors on skills
    // and shared hours; then balance comes first of all.
    if (rhoNow() > RHO_TARGET) {
      // Balance toward the target while skills and shared hours keep floors: every skill a
      // team can have (skills_upper_bound) and HOURS_KEPT of the weights' optimum's shared
      // hours. Shortfalls on all three count together in one tier, each in J units, so a swap
      // is taken when it lowers their sum (then J).
      let boundGaps = 0;
      for (const holders of cohort.skillHolders) {
        boundGaps += plan.teamCount - Math.min(plan.teamCount, holders);
      }
      const floors = { gaps: boundGaps, slots: partition.slotTotal * HOURS_KEPT };
      search(problem, STAGE_SHARES.middle, RHO_TARGET, floors);
      // Then an exchange on the five factors alone that keeps the floors, or what the middle
      // reached of them: the search stalls where only a precise partner still lowers rho.
      const base = spent;
      const kept = {
        gaps: Math.max(floors.gaps, partition.gapTotal),
        slots: Math.min(floors.slots, partition.slotTotal),
      };
      balanceUnderFloors(partition, random, pairBudget, kept, (done) =>
        onProgress?.(Math.min(1, (base + done / PAIRS_PER_EVALUATION) / total)),
      );
      if (kickRounds > 0) {
        partition = kickAndBalance(partition, random, kickRounds, kept, (done) =>
          onProgress?.(
            Math.min(1, (base + (pairBudget + done * KICK_BUDGET) / PAIRS_PER_EVALUATION) / total),
          ),
        );
      }
      // Stopping early (no exchange left) counts as its whole share of the run.
      spent += (pairBudget + kickRounds * KICK_BUDGET) / PAIRS_PER_EVALUATION;
      // Then cycles of replacements over up to six teams, where the exchanges are spent; kicks
      // of their own where the exchange had none.
      cycleExchange(partition, random, cycleBudget, kept, cycleKicks);
      if (columnWork > 0 && rhoNow() > RHO_TARGET) {
        // Re-split by column generation, keeping the skills and shared hours reached; the
        // exchanges above then only set those floors.
        const base = spent + cycleBudget / CYCLE_EVALUATIONS_PER_EVALUATION;
        partition = resplitByColumns(partition, lp, random, COLUMN_GOAL, (done) =>
          onProgress?.(Math.min(1, (base + done * columnWork) / total)),
        );
        spent += columnWork;
      }
      spent += cycleBudget / CYCLE_EVALUATIONS_PER_EVALUATION;
      onProgress?.(Math.min(1, spent / total));
      snapshot('middle', RHO_TARGET);
      // Recommended when it bought balance (not when, in a small cohort, only skills moved).
      const [hours, middle] = proposals;
      if (middle.metrics.rho < hours.metrics.rho) recommended = 'middle';
    }
    search(partition.problem, STAGE_SHARES.balance, 0);
    const balancedCap = rhoNow() * BALANCED_SLACK;
    search(partition.problem, STAGE_SHARES.balanced, balancedCap);
    snapshot('balanced', balancedCap);
  }
  // Done, also when a stage was skipped (the weights balanced already).
  onProgress?.(1);
  const kept = alongTheFront(
    proposals.sort((x, y) => x.metrics.rho - y.metrics.rho),
    recommended,
  );
  const chosen = kept.find((proposal) => proposal.kind === recommended) ?? kept[kept.length - 1];

  const infeasible = [
    ...plan.infeasible,
    ...unexplainedViolations(chosen.metrics.violations, plan.infeasible),
  ];
  return {
    teams: chosen.teams,
    metrics: chosen.metrics,
    team_metrics: chosen.team_metrics,
    strategy: input.strategy,
    weights: input.weights,
    rho_cap: chosen.rho_cap,
    proposals: kept,
    ...(infeasible.length > 0 ? { infeasible } : {}),
  };
}

/**
 * Keeps the proposals that buy something with balance: each after the first must cover more
 * skills or share more hours than the one before, or it is dropped (the recommended one is
 * always kept, and then the one before it is dropped instead when it buys nothing); the
 * `balanced` one only when it is the most balanced.
 */
function alongTheFront(proposals: Proposal[], recommended: ProposalKind): Proposal[] {
  const gains = (from: Proposal, to: Proposal): boolean =>
    to.metrics.skills_mean > from.metrics.skills_mean + 1e-9 ||
    to.metrics.availability_mean > from.metrics.availability_mean + 1e-9;
  const kept: Proposal[] = [];
  for (const proposal of proposals) {
    const last = kept[kept.length - 1];
    // Shown as "most balanced": dropped when the column stage left the middle more balanced.
    if (proposal.kind === 'balanced' && last) continue;
    if (!last || gains(last, proposal)) kept.push(proposal);
    else if (proposal.kind === recommended) kept[kept.length - 1] = proposal;
  }
  return kept;
}
