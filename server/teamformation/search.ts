import type { Partition } from './partition';
import { shuffle, type Random } from './random';

/** Improvements smaller than this are rounding noise. */
const EPSILON = 1e-12;
/** Teams a unit looks at per step when there are too many to try them all. */
const CANDIDATE_TEAMS = 8;
/** Half of them are near in team order, where the first split put people free at similar hours. */
const NEAR_TEAMS = 16;
/** Sweeps stop, and perturbation takes over, once a sweep gains less than this share. */
const SWEEP_GAIN_FLOOR = 0.002;

/**
 * Local search over swaps of two units and moves of one unit between teams, minimising
 * (violations, objective) lexicographically, within a fixed number of move evaluations so that
 * the same seed always gives the same split.
 */
export class LocalSearch {
  private evaluations = 0;
  private readonly candidates: Int32Array;
  /** Applied changes since the last mark, to undo a perturbation that did not pay: (u, v) for a swap, (u, -1 - from) for a move. */
  private readonly journal: number[] = [];
  private recording = false;
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private queueHead = 0;
  private queueLength = 0;

  constructor(
    private readonly partition: Partition,
    private readonly random: Random,
    private readonly budget: number,
  ) {
    this.candidates = new Int32Array(Math.max(CANDIDATE_TEAMS, partition.problem.teamCount));
    this.queue = new Int32Array(partition.problem.unitCount);
    this.queued = new Uint8Array(partition.problem.unitCount);
  }

  get exhausted(): boolean {
    return this.evaluations >= this.budget;
  }

  /** Sweeps over all units, then perturb-and-repair while the budget lasts (if `explore`). */
  run(explore: boolean): void {
    const { problem } = this.partition;
    if (problem.teamCount < 2) return;
    const order = Int32Array.from({ length: problem.unitCount }, (_, u) => u);
    let firstGain = 0;
    while (!this.exhausted) {
      const before = this.partition.objective;
      const violationsBefore = this.partition.violations;
      let applied = 0;
      for (const u of shuffle(order, this.random)) {
        if (this.exhausted) break;
        if (this.improveUnit(u)) applied++;
      }
      const gain = before - this.partition.objective;
      firstGain ||= gain;
      if (applied === 0) break;
      if (this.partition.violations === violationsBefore && gain < SWEEP_GAIN_FLOOR * firstGain) {
        break;
      }
    }
    if (!explore) return;
    while (
      !this.exhausted &&
      (this.partition.objective > EPSILON || this.partition.violations > 0)
    ) {
      this.perturbAndRepair();
    }
  }

  /** Applies the best improving change of unit u among the candidate teams; true if any. */
  private improveUnit(u: number): boolean {
    const partition = this.partition;
    const { members, unitsIn, capacity } = partition;
    const from = partition.teamOf[u];
    let bestViolations = 0;
    let bestObjective = -EPSILON;
    let bestTeam = -1;
    let bestPartner = -1;
    const count = this.pickCandidates(from);
    for (let c = 0; c < count; c++) {
      const b = this.candidates[c];
      if (partition.evaluateMove(u, b, bestViolations, bestObjective)) {
        bestViolations = partition.deltaViolations;
        bestObjective = partition.deltaObjective;
        bestTeam = b;
        bestPartner = -1;
      }
      const units = unitsIn[b];
      for (let m = 0; m < units; m++) {
        const v = members[b * capacity + m];
        if (partition.evaluateSwap(u, v, bestViolations, bestObjective)) {
          bestViolations = partition.deltaViolations;
          bestObjective = partition.deltaObjective;
          bestTeam = b;
          bestPartner = v;
        }
      }
      this.evaluations += units + 1;
    }
    if (bestTeam < 0) return false;
    if (bestPartner >= 0) this.swap(u, bestPartner);
    else this.move(u, bestTeam);
    return true;
  }

  /** Fills this.candidates with teams other than `from`; returns how many. */
  private pickCandidates(from: number): number {
    const teams = this.partition.problem.teamCount;
    if (teams - 1 <= CANDIDATE_TEAMS) {
      let count = 0;
      for (let t = 0; t < teams; t++) if (t !== from) this.candidates[count++] = t;
      return count;
    }
    const near = this.partition.problem.availabilityCost > 0 ? CANDIDATE_TEAMS / 2 : 0;
    for (let c = 0; c < CANDIDATE_TEAMS; c++) {
      const offset =
        c < near
          ? 1 + this.random.int(Math.min(NEAR_TEAMS, teams - 1))
          : 1 + this.random.int(teams - 1);
      // Near candidates alternate between following and preceding teams.
      this.candidates[c] = c % 2 === 0 ? (from + offset) % teams : (from - offset + teams) % teams;
    }
    return CANDIDATE_TEAMS;
  }

  /**
   * A few random swaps along a chain of teams, then local repair of the units they touched;
   * undone unless the result is at least as good.
   */
  private perturbAndRepair(): void {
    const partition = this.partition;
    const { members, unitsIn, capacity } = partition;
    const violationsBefore = partition.violations;
    const objectiveBefore = partition.objective;
    this.journal.length = 0;
    this.recording = true;

    let team = this.random.int(partition.problem.teamCount);
    const kicks = 1 + this.random.int(3);
    for (let k = 0; k < kicks; k++) {
      this.pickCandidates(team);
      const other =
        this.candidates[
          this.random.int(Math.min(CANDIDATE_TEAMS, partition.problem.teamCount - 1))
        ];
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
    this.recording = false;

    const better =
      partition.violations < violationsBefore ||
      (partition.violations === violationsBefore &&
        partition.objective <= objectiveBefore + EPSILON);
    if (!better) this.undoJournal();
    while (this.queueLength > 0) {
      this.queued[this.queue[this.queueHead]] = 0;
      this.queueHead = (this.queueHead + 1) % this.queue.length;
      this.queueLength--;
    }
  }

  private enqueueTeam(t: number): void {
    const { members, unitsIn, capacity } = this.partition;
    for (let m = 0; m < unitsIn[t]; m++) {
      const u = members[t * capacity + m];
      if (this.queued[u]) continue;
      this.queued[u] = 1;
      this.queue[(this.queueHead + this.queueLength++) % this.queue.length] = u;
    }
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
