import type { Partition } from './partition';
import { NEIGHBOURS as neighbourCount } from './problem';
import { shuffle, type Random } from './random';

const NEIGHBOURS = neighbourCount;

/** Improvements smaller than this are rounding noise. */
const EPSILON = 1e-12;
/** Teams a unit scans per step: all of them up to this many, else a sample this large. */
const SCAN_TEAMS = 400;
/** Evaluations between two progress reports (about a twentieth of a second). */
const PROGRESS_STEP = 1_000_000;
/** How far "nearby" reaches in team order, where the first split put people free at similar hours. */
const NEAR_TEAMS = 100;
/**
 * Under floors on skills and shared hours most teams cannot take a unit without losing hours:
 * a smaller sample, half of it from nearby teams, buys more steps for the same evaluations.
 */
const FLOORED_SCAN_TEAMS = 100;
const FLOORED_NEAR_SHARE = 0.5;

/**
 * Local search over swaps of two units and moves of one unit between teams, minimising
 * (violations, objective) lexicographically, within a fixed number of move evaluations so that
 * the same seed always gives the same split.
 */
export class LocalSearch {
  private evaluations = 0;
  private readonly candidates: Int32Array;
  /**
   * Changes applied since a perturbation began, to undo it if it did not pay:
   * (u, v) for a swap, (u, -1 - from) for a move.
   */
  private readonly journal: number[] = [];
  private recording = false;
  /** Units to (re)examine: those whose team changed since they were last found stuck. */
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private queueHead = 0;
  private queueLength = 0;
  private optimising = true;

  constructor(
    private readonly partition: Partition,
    private readonly random: Random,
    private readonly budget: number,
    /** Told the evaluations spent so far, every PROGRESS_STEP of them. */
    private readonly onProgress?: (evaluations: number) => void,
  ) {
    const { teamCount, unitCount } = partition.problem;
    this.candidates = new Int32Array(Math.min(teamCount, SCAN_TEAMS));
    this.queue = new Int32Array(unitCount);
    this.queued = new Uint8Array(unitCount);
  }

  private nextReport = PROGRESS_STEP;

  get exhausted(): boolean {
    if (this.evaluations >= this.nextReport) {
      this.nextReport = this.evaluations + PROGRESS_STEP;
      this.onProgress?.(Math.min(this.evaluations, this.budget));
    }
    return this.evaluations >= this.budget;
  }

  /**
   * Descends from the current split, then perturbs and repairs while the budget lasts. Without
   * `optimise` (all weights zero) only the units of teams breaking a rule are looked at.
   */
  run(optimise: boolean): void {
    const partition = this.partition;
    const { teamCount, unitCount } = partition.problem;
    if (teamCount < 2) return;
    this.optimising = optimise;
    const order = shuffle(
      Int32Array.from({ length: unitCount }, (_, u) => u),
      this.random,
    );
    for (const u of order) {
      if (optimise || partition.teamViolations[partition.teamOf[u]] > 0) this.enqueue(u);
    }
    this.descend();
    if (!optimise) return;
    while (!this.exhausted && (partition.objective > EPSILON || partition.violations > 0)) {
      this.perturbAndRepair();
    }
  }

  /** Improves queued units until none can be improved (or the budget ends). */
  private descend(): void {
    const partition = this.partition;
    while (this.queueLength > 0 && !this.exhausted) {
      const u = this.queue[this.queueHead];
      this.queueHead = (this.queueHead + 1) % this.queue.length;
      this.queueLength--;
      this.queued[u] = 0;
      const from = partition.teamOf[u];
      if (this.improveUnit(u)) {
        this.enqueueTeam(from);
        this.enqueueTeam(partition.teamOf[u]);
      }
    }
  }

  /**
   * Applies the best improving change of unit u among the candidate teams and u's nearest
   * neighbours in feature space; true if any.
   */
  private improveUnit(u: number): boolean {
    const partition = this.partition;
    const { unitsIn, teamOf } = partition;
    const { neighbours } = partition.problem;
    const from = teamOf[u];
    let bestViolations = 0;
    let bestExcess = 0;
    let bestObjective = -EPSILON;
    let bestTeam = -1;
    let bestPartner = -1;
    const take = (team: number, partner: number): void => {
      bestViolations = partition.deltaViolations;
      bestExcess = partition.deltaExcess;
      bestObjective = partition.deltaObjective;
      bestTeam = team;
      bestPartner = partner;
    };
    // Under a cap on balance, the teams are already balanced: near partners do the fine work.
    const count =
      partition.rhoCap !== Infinity && !partition.floored ? 0 : this.pickCandidates(from);
    for (let c = 0; c < count; c++) {
      const b = this.candidates[c];
      if (partition.evaluateMove(u, b, bestViolations, bestExcess, bestObjective)) take(b, -1);
      const partner = partition.bestSwap(u, b, bestViolations, bestExcess, bestObjective);
      if (partner >= 0) take(b, partner);
      this.evaluations += unitsIn[b] + 1;
    }
    for (let n = u * NEIGHBOURS; n < (u + 1) * NEIGHBOURS; n++) {
      const v = neighbours[n];
      if (v < 0) break;
      const b = teamOf[v];
      if (b === from) continue;
      if (partition.bestSwap(u, b, bestViolations, bestExcess, bestObjective, v) >= 0) take(b, v);
      // A lone swap sets up its teams' gradient too: it costs about four swaps in a team scan.
      this.evaluations += 4;
    }
    if (bestTeam < 0) return false;
    if (bestPartner >= 0) this.swap(u, bestPartner);
    else this.move(u, bestTeam);
    return true;
  }

  /** Fills this.candidates with teams other than `from`; returns how many. */
  private pickCandidates(from: number): number {
    const teams = this.partition.problem.teamCount;
    const floored = this.partition.floored;
    const size = floored
      ? Math.min(this.candidates.length, FLOORED_SCAN_TEAMS)
      : this.candidates.length;
    if (teams - 1 <= size) {
      let count = 0;
      for (let t = 0; t < teams; t++) if (t !== from) this.candidates[count++] = t;
      return count;
    }
    // The more availability weighs, the more of the sample comes from nearby teams.
    const near = Math.round(
      size * (floored ? FLOORED_NEAR_SHARE : this.partition.problem.availabilityShare),
    );
    for (let c = 0; c < size; c++) {
      const offset = 1 + this.random.int(c < near ? NEAR_TEAMS : teams - 1);
      // Near candidates alternate between following and preceding teams.
      this.candidates[c] = c % 2 === 0 ? (from + offset) % teams : (from - offset + teams) % teams;
    }
    return size;
  }

  /**
   * A few random swaps along a chain of teams, then local repair of the units they touched;
   * undone unless the result is at least as good.
   */
  private perturbAndRepair(): void {
    const partition = this.partition;
    const { members, unitsIn, capacity } = partition;
    const violationsBefore = partition.violations;
    const excessBefore = partition.excess;
    const objectiveBefore = partition.objective;
    this.journal.length = 0;
    this.recording = true;

    let team = this.random.int(partition.problem.teamCount);
    const kicks = 1 + this.random.int(3);
    for (let k = 0; k < kicks; k++) {
      const count = this.pickCandidates(team);
      const other = this.candidates[this.random.int(count)];
      const u = members[team * capacity + this.random.int(unitsIn[team])];
      const v = members[other * capacity + this.random.int(unitsIn[other])];
      this.evaluations++;
      if (partition.swapKeepsSizes(u, v)) {
        this.swap(u, v);
        this.enqueueTeam(team);
        this.enqueueTeam(other);
      }
      team = other;
    }
    this.descend();
    this.recording = false;

    const excess = partition.excess;
    const better =
      partition.violations < violationsBefore ||
      (partition.violations === violationsBefore &&
        (excess < excessBefore - EPSILON ||
          (excess <= excessBefore + EPSILON && partition.objective <= objectiveBefore + EPSILON)));
    if (!better) this.undoJournal();
    // Whatever the budget cut short is forgotten: the split is a local optimum or was restored.
    while (this.queueLength > 0) {
      this.queued[this.queue[this.queueHead]] = 0;
      this.queueHead = (this.queueHead + 1) % this.queue.length;
      this.queueLength--;
    }
  }

  private enqueue(u: number): void {
    if (this.queued[u]) return;
    this.queued[u] = 1;
    this.queue[(this.queueHead + this.queueLength++) % this.queue.length] = u;
  }

  private enqueueTeam(t: number): void {
    const { members, unitsIn, capacity } = this.partition;
    // When only repairing, teams that break no rule need no more work.
    if (!this.optimising && this.partition.teamViolations[t] === 0) return;
    for (let m = 0; m < unitsIn[t]; m++) this.enqueue(members[t * capacity + m]);
  }

  private swap(u: number, v: number): void {
    if (this.recording) this.journal.push(u, v);
    this.partition.swap(u, v);
  }

  private move(u: number, to: number): void {
    if (this.recording) this.journal.push(u, -1 - this.partition.teamOf[u]);
    this.partition.move(u, to);
  }

  private undoJournal(): void {
    for (let e = this.journal.length - 2; e >= 0; e -= 2) {
      const u = this.journal[e];
      const other = this.journal[e + 1];
      if (other >= 0) this.partition.swap(u, other);
      else this.partition.move(u, -1 - other);
    }
    this.journal.length = 0;
  }
}
