import type { Highs, Model } from 'highs';
import { popcount, SLOT_WORDS } from './cohort';
import { Partition } from './partition';
import { FEATURE_DIMS } from './problem';
import type { Random } from './random';

/**
 * Set partitioning by column generation (issue 35, tenth round). Every measure of a split is a
 * sum over its teams (the five-factor cost |sum of z|^2 / size, the skills a team covers, its
 * shared slots) and every rule is a property of one team, so "the most balanced split that
 * keeps these skills and shared hours" is a set-partitioning program over all rule-abiding
 * teams: pick K teams covering everyone once, covering at least C skills and sharing at least
 * S slots, at the least five-factor cost. Its linear relaxation is solved over a growing pool
 * of teams (HiGHS, kept warm between solves); new teams come from a local search on the
 * reduced cost the relaxation's duals give each person, skill and slot. A dive then fixes the
 * teams the relaxation uses most and prices again for the rest, and the last few teams come
 * from an integer program over every team of the people left. Local search moves one member
 * at a time, so it cannot see that a balanced team here frees the people a team there needs
 * for its hours; the duals price exactly that.
 */

/**
 * Cohorts of COLUMN_TEAMS_MIN to WHOLE_TEAMS teams (about 90 to 240 people) are re-split whole,
 * then in windows while rho is above the goal; up to WINDOW_COHORT_TEAMS teams (about 1,350
 * people) in windows only. Larger ones are left to the exchanges: windows there would take over
 * a minute (2,000 people: 28 windows, 65 s, from rho 0.024), and at 5,000 people the exchanges
 * reach the target alone in seconds. Smaller ones too, so that a class forms in a second or two
 * rather than in several (the stage costs seconds at any size).
 */
const COLUMN_TEAMS_MIN = 20;
const WHOLE_TEAMS = 48;
const WINDOW_COHORT_TEAMS = 300;
/** Passes over the whole cohort: each starts from the split the one before left, with the same floors. */
const PASSES = 2;
/**
 * What one re-split may spend: pricing work per team in candidate evaluations (about 20 ns
 * each; the root gets ROOT_SHARE), and pricing rounds per dive step (each stops early when
 * nothing is found).
 */
interface Effort {
  evaluationsPerTeam: number;
  diveRounds: number;
}
const PASS: Effort = { evaluationsPerTeam: 3_500_000, diveRounds: 4 };
const ROOT_SHARE = 0.6;
/**
 * Windows: WINDOW_TEAMS teams whose members are free at like times, so they can trade people
 * without losing shared hours; at most WINDOW_SWEEPS times the cohort's teams in all. At 1,000
 * people a window takes about 2.3 s and lowers its teams' five-factor cost by 10-40%; 12 to 14
 * windows bring rho from 0.0295 to under 0.018.
 */
const WINDOW_TEAMS = 30;
const WINDOW_SWEEPS = 3;
/** Six rounds per dive step: at 1,000 people fewer windows are needed (31-42 s against 34-49 s). */
const WINDOW: Effort = { evaluationsPerTeam: 2_000_000, diveRounds: 6 };
/** Random weight beside likeness when choosing a window's teams, so windows overlap less alike. */
const WINDOW_NOISE = 0.1;
/** Pricing rounds before the dive; they stop early when nothing is found. */
const ROOT_ROUNDS = 80;
/** Local searches per pricing round and team still to be chosen (the relaxation's own teams first). */
const STARTS_PER_TEAM = 12;
const PRICE_STEPS = 25;
/** Teams tried at one dive step before giving up on the pass. */
const DIVE_TRIES = 4;
/** The last teams: every team of the people left, the best ENDGAME_COLUMNS by reduced cost. */
const ENDGAME_TEAMS = 6;
const ENDGAME_COLUMNS = 300;
const ENDGAME_NODES = 100;
const NEGATIVE = -1e-7;

interface Column {
  units: Int32Array;
  cost: number;
  covered: number;
  slots: number;
}

interface Relaxation {
  objective: number;
  /** How much of the artificial slack (uncovered people, missing skills or slots) it uses. */
  artificial: number;
  /** Pool index to value, for values above zero. */
  values: Map<number, number>;
  unitDual: Float64Array;
  countDual: number;
  coveredDual: number;
  slotDual: number;
}

/**
 * A team's column in a program whose rows are one per unit (`rowOf`), then the number of
 * teams, the covered skills and the shared slots.
 */
function entries(column: Column, rowOf: Map<number, number>) {
  const rows = rowOf.size;
  return {
    indices: [...Array.from(column.units, (u) => rowOf.get(u)!), rows, rows + 1, rows + 2],
    values: [...Array.from(column.units, () => 1), 1, column.covered, column.slots],
  };
}

/** Whether the column stage runs for a cohort of this many teams. */
export function columnStageRuns(teamCount: number): boolean {
  return teamCount >= COLUMN_TEAMS_MIN && teamCount <= WINDOW_COHORT_TEAMS;
}

/** Pricing evaluations the stage may spend at most, for progress. */
export function columnStageWork(teamCount: number): number {
  if (!columnStageRuns(teamCount)) return 0;
  const whole = teamCount <= WHOLE_TEAMS ? PASSES * PASS.evaluationsPerTeam * teamCount : 0;
  return whole + windowCount(teamCount) * WINDOW_TEAMS * WINDOW.evaluationsPerTeam;
}

function windowCount(teamCount: number): number {
  return teamCount > WINDOW_TEAMS ? Math.ceil((WINDOW_SWEEPS * teamCount) / WINDOW_TEAMS) : 0;
}

/**
 * Re-splits the cohort by column generation where that lowers the five-factor cost while
 * keeping the skills and shared slots the split has now: whole (small enough cohorts), then
 * window after window of teams while rho is above `rhoGoal`. Returns the better split, or the
 * same partition when none was found (or a rule is broken, which columns cannot repair).
 */
export function resplitByColumns(
  partition: Partition,
  lp: Highs,
  random: Random,
  rhoGoal: number,
  onProgress?: (done: number) => void,
): Partition {
  const K = partition.problem.teamCount;
  if (partition.violations > 0 || !columnStageRuns(K)) return partition;
  const total = columnStageWork(K);
  const rho = (): number => partition.rhoTotal / partition.problem.rhoWeight;
  let spent = 0;
  const report = (share: number) => (done: number) =>
    onProgress?.(Math.min(1, (spent + done * share) / total));
  if (K <= WHOLE_TEAMS) {
    const all = Array.from({ length: K }, (_, t) => t);
    const pass = PASS.evaluationsPerTeam * K;
    for (let p = 0; p < PASSES; p++) {
      partition = resplitTeams(partition, all, lp, random, PASS, report(pass));
      spent += pass;
    }
  }
  const windows = windowCount(K);
  const used = new Int32Array(K);
  const window = WINDOW_TEAMS * WINDOW.evaluationsPerTeam;
  for (let w = 0; w < windows && rho() > rhoGoal; w++) {
    partition = resplitTeams(
      partition,
      windowOf(partition, used, random),
      lp,
      random,
      WINDOW,
      report(window),
    );
    spent += window;
  }
  onProgress?.(1);
  return partition;
}

/**
 * A window: the team visited least so far (ties at random), and the WINDOW_TEAMS - 1 teams whose
 * members are free at the most like times.
 */
function windowOf(partition: Partition, used: Int32Array, random: Random): number[] {
  const K = partition.problem.teamCount;
  const hours = teamHours(partition);
  let seed = 0;
  let seedKey = Infinity;
  for (let t = 0; t < K; t++) {
    const key = used[t] + random.next() * 0.5;
    if (key < seedKey) {
      seedKey = key;
      seed = t;
    }
  }
  const near = Array.from({ length: K }, (_, t) => t)
    .filter((t) => t !== seed)
    .map((t) => ({ t, key: likeness(hours, seed, t) + random.next() * WINDOW_NOISE }))
    .sort((a, b) => b.key - a.key || a.t - b.t)
    .slice(0, WINDOW_TEAMS - 1)
    .map(({ t }) => t);
  const teams = [seed, ...near];
  for (const t of teams) used[t]++;
  return teams;
}

/** Per team, the slots any member is free (the union), SLOT_WORDS words each. */
function teamHours(partition: Partition): Uint32Array {
  const p = partition.problem;
  const hours = new Uint32Array(p.teamCount * SLOT_WORDS);
  for (let u = 0; u < p.unitCount; u++) {
    const t = partition.teamOf[u];
    for (let w = 0; w < SLOT_WORDS; w++)
      hours[t * SLOT_WORDS + w] |= p.unitSlots[u * SLOT_WORDS + w];
  }
  return hours;
}

/** Jaccard likeness of two teams' free slots. */
function likeness(hours: Uint32Array, a: number, b: number): number {
  let both = 0;
  let either = 0;
  for (let w = 0; w < SLOT_WORDS; w++) {
    both += popcount(hours[a * SLOT_WORDS + w] & hours[b * SLOT_WORDS + w]);
    either += popcount(hours[a * SLOT_WORDS + w] | hours[b * SLOT_WORDS + w]);
  }
  return either > 0 ? both / either : 0;
}

/** Re-splits `teams` by column generation; the partition with them replaced when that paid. */
function resplitTeams(
  partition: Partition,
  teams: readonly number[],
  lp: Highs,
  random: Random,
  effort: Effort,
  onProgress: (done: number) => void,
): Partition {
  const split = new ColumnSearch(partition, teams, lp, random, effort, onProgress).run();
  if (!split) return partition;
  const teamOf = Int32Array.from(partition.teamOf);
  split.forEach((units, k) => units.forEach((u) => (teamOf[u] = teams[k])));
  return partition.withTeams(teamOf);
}

class ColumnSearch {
  private readonly p: Partition['problem'];
  private readonly units: number[] = [];
  private readonly free: Uint8Array;
  private readonly pool: Column[] = [];
  private readonly known = new Set<string>();
  private readonly sizeLow: number;
  private readonly sizeHigh: number;
  private readonly teamCount: number;
  private teamsLeft: number;
  private readonly coveredFloor: number;
  private readonly slotFloor: number;
  /** The five-factor cost of the split it starts from: a result must beat it. */
  private readonly current: number;
  private spent = 0;
  private readonly big: number;
  /** The master program, kept between solves so each one starts from the last basis. */
  private model: Model | null = null;
  private readonly unitRow = new Map<number, number>();
  /** Per unit, the pool columns that hold it; per column, how many fixed teams share a unit. */
  private readonly columnsOfUnit = new Map<number, number[]>();
  private readonly blocked: number[] = [];
  private readonly fixedColumn: number[] = [];
  private artificialCount = 0;
  // Scratch for pricing.
  private readonly mark: Int32Array;
  private stamp = 1;
  private readonly scratch: {
    z: Float64Array;
    skills: Uint32Array;
    slots: Uint32Array;
    groups: Int32Array;
    people: Int32Array;
    dual: Float64Array;
  };

  constructor(
    partition: Partition,
    /** The teams to re-split (all of them, or a window); their skills and slots are the floors. */
    teams: readonly number[],
    private readonly lp: Highs,
    private readonly random: Random,
    private readonly effort: Effort,
    private readonly onProgress: (done: number) => void,
  ) {
    const p = (this.p = partition.problem);
    this.free = new Uint8Array(p.unitCount);
    this.mark = new Int32Array(p.unitCount);
    const rows = p.sizeMax + 1;
    this.scratch = {
      z: new Float64Array(rows * 5),
      skills: new Uint32Array(rows * p.skillWords),
      slots: new Uint32Array(rows * SLOT_WORDS),
      groups: new Int32Array(rows * p.ruleCount),
      people: new Int32Array(rows),
      dual: new Float64Array(rows),
    };
    let cost = 0;
    let covered = 0;
    let slots = 0;
    let low = Infinity;
    let high = 0;
    for (const t of teams) {
      const members = partition.members.slice(
        t * partition.capacity,
        t * partition.capacity + partition.unitsIn[t],
      );
      for (const u of members) {
        this.units.push(u);
        this.free[u] = 1;
        this.columnsOfUnit.set(u, []);
      }
      low = Math.min(low, partition.people[t]);
      high = Math.max(high, partition.people[t]);
      const column = this.column(members);
      if (column) {
        this.add(column);
        cost += column.cost;
        covered += column.covered;
        slots += column.slots;
      }
    }
    this.sizeLow = low;
    this.sizeHigh = high;
    this.teamCount = this.teamsLeft = teams.length;
    this.coveredFloor = covered;
    this.slotFloor = slots;
    this.current = cost;
    this.big = 10 * (cost + 1);
  }

  /** The better split (one unit list per team), or null. */
  run(): number[][] | null {
    if (this.pool.length !== this.teamCount) return null;
    const model = this.lp.createModel();
    try {
      this.model = model;
      this.buildMaster(model);
      const fixed = this.dive();
      if (!fixed) return null;
      let cost = 0;
      let covered = 0;
      let slots = 0;
      for (const column of fixed) {
        cost += column.cost;
        covered += column.covered;
        slots += column.slots;
      }
      if (covered < this.coveredFloor || slots < this.slotFloor) return null;
      if (this.units.some((u) => this.free[u]) || cost >= this.current - 1e-9) return null;
      return fixed.map((column) => Array.from(column.units));
    } finally {
      this.model = null;
      model.dispose();
    }
  }

  /**
   * Rows: each unit once, the number of teams, the skills and the slots floors; an artificial
   * column per row (at a cost no real split pays) keeps every program feasible, so a dive step
   * that leaves no valid split shows as artificial use rather than as a failed solve.
   */
  private buildMaster(model: Model): void {
    const none = { indices: [], values: [] };
    const infinity = this.lp.infinity;
    model.options.set({ output_flag: false, presolve: 'off' });
    for (const u of this.units) {
      this.unitRow.set(u, this.unitRow.size);
      model.addRow(1, 1, none);
    }
    const rows = this.unitRow.size;
    model.addRow(this.teamsLeft, this.teamsLeft, none);
    model.addRow(this.coveredFloor, infinity, none);
    model.addRow(this.slotFloor, infinity, none);
    for (let row = 0; row < rows + 3; row++) {
      model.addCol(this.big, 0, infinity, { indices: [row], values: [1] });
    }
    this.artificialCount = rows + 3;
    this.pool.forEach((column, j) => this.addToMaster(column, j));
  }

  private addToMaster(column: Column, j: number): void {
    if (!this.model) return;
    this.model.addCol(column.cost, 0, 1, entries(column, this.unitRow));
    this.blocked[j] = 0;
    for (const u of column.units) this.columnsOfUnit.get(u)!.push(j);
  }

  /** Fixes (sign 1) or frees (sign -1) a pool column, blocking the columns that share a unit. */
  private fix(j: number, sign: 1 | -1): void {
    const model = this.model!;
    const column = this.pool[j];
    model.changeColBounds(this.artificialCount + j, sign === 1 ? 1 : 0, 1);
    for (const u of column.units) {
      this.free[u] = sign === 1 ? 0 : 1;
      for (const k of this.columnsOfUnit.get(u)!) {
        if (k === j) continue;
        this.blocked[k] += sign;
        if (this.blocked[k] === (sign === 1 ? 1 : 0)) {
          model.changeColBounds(this.artificialCount + k, 0, sign === 1 ? 0 : 1);
        }
      }
    }
    this.teamsLeft -= sign;
    if (sign === 1) this.fixedColumn.push(j);
    else this.fixedColumn.splice(this.fixedColumn.indexOf(j), 1);
  }

  /**
   * Prices at the root, then fixes the teams the relaxation uses most and prices again for
   * the rest; the last ENDGAME_TEAMS teams come from every team of the people left.
   */
  private dive(): Column[] | null {
    let relaxation = this.generate(ROOT_ROUNDS);
    while (this.teamsLeft > ENDGAME_TEAMS) {
      this.onProgress(
        ROOT_SHARE + ((1 - ROOT_SHARE) * (this.teamCount - this.teamsLeft)) / this.teamCount,
      );
      const entries = [...relaxation.values.entries()]
        .filter(([j]) => !this.fixedColumn.includes(j))
        .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
      const whole = entries.filter(([, value]) => value > 0.999).map(([j]) => j);
      if (whole.length > 0 && relaxation.artificial === 0) {
        for (const j of whole) this.fix(j, 1);
        relaxation = this.generate(this.effort.diveRounds);
        continue;
      }
      // Fix the team the relaxation uses most; when what is left then cannot be split
      // within the floors, the next one instead (a dive with a short backtrack).
      let next: Relaxation | null = null;
      for (const [j] of entries.slice(0, DIVE_TRIES)) {
        this.fix(j, 1);
        const after = this.generate(this.effort.diveRounds);
        if (after.artificial === 0) {
          next = after;
          break;
        }
        this.fix(j, -1);
      }
      if (!next) return null;
      relaxation = next;
    }
    if (this.teamsLeft > 0) {
      this.enumerateTeams(relaxation);
      const last = this.solveEndgame();
      if (!last) return null;
      for (const j of last) this.fix(j, 1);
    }
    return this.fixedColumn.map((j) => this.pool[j]);
  }

  /**
   * The integer program over the teams the people still free can form, in a model of its own:
   * only their rows and the pool's teams of them, so branch-and-bound works on a few hundred
   * columns rather than on the whole pool. The pool columns to fix, or null when none meet
   * the floors.
   */
  private solveEndgame(): number[] | null {
    let covered = 0;
    let slots = 0;
    for (const j of this.fixedColumn) {
      covered += this.pool[j].covered;
      slots += this.pool[j].slots;
    }
    const candidates = this.pool
      .map((column, j) => ({ column, j }))
      .filter(({ column, j }) => this.blocked[j] === 0 && this.isFree(column));
    if (candidates.length === 0) return null;
    const rowOf = new Map<number, number>();
    for (const u of this.units) if (this.free[u]) rowOf.set(u, rowOf.size);
    const model = this.lp.createModel();
    try {
      const none = { indices: [], values: [] };
      model.options.set({
        output_flag: false,
        mip_max_nodes: ENDGAME_NODES,
        mip_rel_gap: 1e-4,
      });
      for (let row = 0; row < rowOf.size; row++) model.addRow(1, 1, none);
      model.addRow(this.teamsLeft, this.teamsLeft, none);
      model.addRow(this.coveredFloor - covered, this.lp.infinity, none);
      model.addRow(this.slotFloor - slots, this.lp.infinity, none);
      for (const { column } of candidates) model.addCol(column.cost, 0, 1, entries(column, rowOf));
      model.changeColsIntegrality(
        { kind: 'range', from: 0, to: candidates.length - 1 },
        new Int32Array(candidates.length).fill(1),
      );
      model.run();
      const { colValue } = model.getSolution();
      const chosen = candidates.filter((_, c) => colValue[c] > 0.5).map(({ j }) => j);
      // Checked here rather than by status: a run stopped at its node limit keeps its best split.
      const placed = new Set<number>();
      for (const j of chosen) {
        for (const u of this.pool[j].units) placed.add(u);
        covered += this.pool[j].covered;
        slots += this.pool[j].slots;
      }
      const whole =
        chosen.length === this.teamsLeft &&
        placed.size === rowOf.size &&
        chosen.reduce((n, j) => n + this.pool[j].units.length, 0) === rowOf.size &&
        covered >= this.coveredFloor &&
        slots >= this.slotFloor;
      return whole ? chosen : null;
    } finally {
      model.dispose();
    }
  }

  /**
   * Adds to the pool the ENDGAME_COLUMNS rule-abiding teams of the people still free with the
   * lowest reduced cost: the integer program then picks the last teams among all that could
   * matter, not only among those the pricing happened to find.
   */
  private enumerateTeams(r: Relaxation): void {
    const free = this.units.filter((u) => this.free[u]);
    const chosen: number[] = [];
    const found: { column: Column; value: number }[] = [];
    const visit = (from: number, people: number): void => {
      if (people >= this.sizeLow) {
        const column = this.column(Int32Array.from(chosen));
        if (column) found.push({ column, value: this.reducedCost(column, r) });
      }
      for (let i = from; i < free.length; i++) {
        const size = people + this.p.unitSize[free[i]];
        if (size > this.sizeHigh) continue;
        chosen.push(free[i]);
        visit(i + 1, size);
        chosen.pop();
      }
    };
    visit(0, 0);
    found.sort((a, b) => a.value - b.value);
    for (const { column } of found.slice(0, ENDGAME_COLUMNS)) this.add(column);
  }

  private isFree(column: Column): boolean {
    for (const u of column.units) if (!this.free[u]) return false;
    return true;
  }

  private add(column: Column): boolean {
    const key = Array.from(column.units)
      .sort((a, b) => a - b)
      .join(',');
    if (this.known.has(key)) return false;
    this.known.add(key);
    this.pool.push(column);
    this.addToMaster(column, this.pool.length - 1);
    return true;
  }

  /** The team's column, or null when it breaks a rule or a size. */
  private column(units: Int32Array, partial = false): Column | null {
    const p = this.p;
    let people = 0;
    const stamp = ++this.stamp;
    for (const u of units) {
      people += p.unitSize[u];
      this.mark[u] = stamp;
    }
    let cost = 0;
    for (let f = 0; f < 5; f++) {
      let sum = 0;
      for (const u of units) sum += p.features[u * FEATURE_DIMS + f];
      cost += sum * sum;
    }
    let covered = 0;
    for (let w = 0; w < p.skillWords; w++) {
      let bits = 0;
      for (const u of units) bits |= p.unitSkills[u * p.skillWords + w];
      covered += popcount(bits);
    }
    let common = 0;
    for (let w = 0; w < SLOT_WORDS; w++) {
      let bits = ~0;
      for (const u of units) bits &= p.unitSlots[u * SLOT_WORDS + w];
      common += popcount(bits);
    }
    for (let r = 0; r < p.ruleCount; r++) {
      let inGroup = 0;
      for (const u of units) inGroup += p.unitGroupCount[u * p.ruleCount + r];
      if (inGroup === 1 && !partial) return null;
    }
    for (const u of units) {
      for (let e = p.apartStart[u]; e < p.apartStart[u + 1]; e++) {
        if (this.mark[p.apartUnits[e]] === stamp) return null;
      }
    }
    return { units, cost: cost / people, covered, slots: Math.min(p.availabilityTarget, common) };
  }

  /** Solves the master's relaxation. */
  private solve(): Relaxation {
    const model = this.model!;
    const { modelStatus } = model.run();
    const solution = model.getSolution();
    const rows = this.unitRow.size;
    const unitDual = new Float64Array(this.p.unitCount);
    for (const [u, row] of this.unitRow) unitDual[u] = solution.rowDual[row];
    const values = new Map<number, number>();
    let artificial = 0;
    let objective = 0;
    for (let c = 0; c < solution.colValue.length; c++) {
      const value = solution.colValue[c];
      if (value <= 1e-7) continue;
      if (c < this.artificialCount) {
        artificial += value;
        objective += this.big * value;
      } else {
        values.set(c - this.artificialCount, value);
        objective += this.pool[c - this.artificialCount].cost * value;
      }
    }
    // 7: optimal.
    if (modelStatus !== 7) artificial = Infinity;
    return {
      objective,
      artificial,
      values,
      unitDual,
      countDual: solution.rowDual[rows],
      coveredDual: solution.rowDual[rows + 1],
      slotDual: solution.rowDual[rows + 2],
    };
  }

  /** Rounds of pricing until no team with a negative reduced cost is found. */
  private generate(rounds: number): Relaxation {
    let relaxation = this.solve();
    const root = rounds === ROOT_ROUNDS;
    const limit = this.effort.evaluationsPerTeam * this.teamCount * (root ? ROOT_SHARE : 1);
    for (let round = 0; round < rounds && this.spent < limit; round++) {
      if (root) this.onProgress((ROOT_SHARE * this.spent) / limit);
      // Most valuable people first: the pricing stops scanning where no one left can pay.
      const free = this.units
        .filter((u) => this.free[u])
        .sort((a, b) => relaxation.unitDual[b] - relaxation.unitDual[a] || a - b);
      const support = [...relaxation.values.keys()].map((j) => this.pool[j]);
      let added = 0;
      const pooled = this.pool.filter(
        (column, j) =>
          this.blocked[j] === 0 && !this.fixedColumn.includes(j) && this.isFree(column),
      );
      const starts = Math.max(support.length, STARTS_PER_TEAM * this.teamsLeft);
      for (let s = 0; s < starts; s++) {
        let base: number[];
        if (s < support.length) base = Array.from(support[s].units);
        else if (s % 4 === 0 || pooled.length === 0) base = [free[this.random.int(free.length)]];
        else {
          // A pooled team with one member replaced at random.
          base = Array.from(pooled[this.random.int(pooled.length)].units);
          const v = free[this.random.int(free.length)];
          if (base.includes(v)) continue;
          base[this.random.int(base.length)] = v;
        }
        const column = this.price(base, free, relaxation);
        if (column && this.add(column)) added++;
      }
      if (added === 0) break;
      relaxation = this.solve();
    }
    return relaxation;
  }

  private reducedCost(column: Column, r: Relaxation): number {
    let value =
      column.cost - r.countDual - r.coveredDual * column.covered - r.slotDual * column.slots;
    for (const u of column.units) value -= r.unitDual[u];
    return value;
  }

  /**
   * Local search from `start` on the reduced cost: replace, add or drop one unit at a time.
   * Each step first sums the team without each member, so a candidate costs a few word
   * operations and no allocation.
   */
  private price(start: number[], free: number[], r: Relaxation): Column | null {
    const p = this.p;
    const first = this.column(Int32Array.from(start), true);
    if (!first) return null;
    let team = first.units;
    let teamValue = this.reducedCost(first, r);
    const { skillWords, ruleCount } = p;
    const target = p.availabilityTarget;
    const w = this.scratch;
    for (let step = 0; step < PRICE_STEPS; step++) {
      const m = team.length;
      // Row k: the team without member k; row m: the whole team (for additions).
      for (let k = 0; k <= m; k++) {
        let people = 0;
        let dual = 0;
        w.z.fill(0, k * 5, k * 5 + 5);
        w.skills.fill(0, k * skillWords, (k + 1) * skillWords);
        w.slots.fill(~0, k * SLOT_WORDS, (k + 1) * SLOT_WORDS);
        w.groups.fill(0, k * ruleCount, (k + 1) * ruleCount);
        for (let j = 0; j < m; j++) {
          if (j === k) continue;
          const u = team[j];
          people += p.unitSize[u];
          dual += r.unitDual[u];
          for (let f = 0; f < 5; f++) w.z[k * 5 + f] += p.features[u * FEATURE_DIMS + f];
          for (let s = 0; s < skillWords; s++)
            w.skills[k * skillWords + s] |= p.unitSkills[u * skillWords + s];
          for (let s = 0; s < SLOT_WORDS; s++)
            w.slots[k * SLOT_WORDS + s] &= p.unitSlots[u * SLOT_WORDS + s];
          for (let g = 0; g < ruleCount; g++)
            w.groups[k * ruleCount + g] += p.unitGroupCount[u * ruleCount + g];
        }
        w.people[k] = people;
        w.dual[k] = dual + r.countDual;
      }
      const stamp = ++this.stamp;
      for (const u of team) this.mark[u] = stamp;
      let bestValue = teamValue - 1e-12;
      const bestGain = r.coveredDual * p.skillCount + r.slotDual * target;
      let bestRow = -1;
      let bestUnit = -1;
      let maxDual = -Infinity;
      for (let k = 0; k <= m; k++) maxDual = Math.max(maxDual, w.dual[k]);
      for (const v of free) {
        if (-maxDual - r.unitDual[v] - bestGain >= bestValue) break;
        if (this.mark[v] === stamp) continue;
        // keep_apart partners of v in the team: which row (if one) drops the only one.
        let apartCount = 0;
        let apartMember = -1;
        for (let e = p.apartStart[v]; e < p.apartStart[v + 1]; e++) {
          if (this.mark[p.apartUnits[e]] === stamp) {
            apartCount++;
            apartMember = p.apartUnits[e];
          }
        }
        if (apartCount > 1) continue;
        const size = p.unitSize[v];
        const base = v * FEATURE_DIMS;
        for (let k = 0; k <= m; k++) {
          const people = w.people[k] + size;
          if (people < this.sizeLow || people > this.sizeHigh) continue;
          if (apartCount === 1 && (k === m || team[k] !== apartMember)) continue;
          this.spent++;
          let isolated = false;
          for (let g = 0; g < ruleCount; g++) {
            if (w.groups[k * ruleCount + g] + p.unitGroupCount[v * ruleCount + g] === 1)
              isolated = true;
          }
          if (isolated && people >= this.sizeLow) continue;
          let squares = 0;
          for (let f = 0; f < 5; f++) {
            const sum = w.z[k * 5 + f] + p.features[base + f];
            squares += sum * sum;
          }
          // Skills and slots can lower the value by at most this much: skip the bit counts
          // when even that would not beat the best so far.
          const balance = squares / people - w.dual[k] - r.unitDual[v];
          if (balance - bestGain >= bestValue) continue;
          let covered = 0;
          for (let s = 0; s < skillWords; s++)
            covered += popcount(w.skills[k * skillWords + s] | p.unitSkills[v * skillWords + s]);
          let common = 0;
          for (let s = 0; s < SLOT_WORDS; s++)
            common += popcount(w.slots[k * SLOT_WORDS + s] & p.unitSlots[v * SLOT_WORDS + s]);
          const value = balance - r.coveredDual * covered - r.slotDual * Math.min(target, common);
          if (value < bestValue) {
            bestValue = value;
            bestRow = k;
            bestUnit = v;
          }
        }
      }
      let next: Int32Array | null = null;
      if (bestRow >= 0) {
        next = bestRow === m ? Int32Array.of(...team, bestUnit) : Int32Array.from(team);
        if (bestRow < m) next[bestRow] = bestUnit;
      }
      // Dropping a member, when sizes allow it.
      for (let k = 0; k < m; k++) {
        if (w.people[k] < this.sizeLow) continue;
        const dropped = this.column(Int32Array.from(team.filter((_, j) => j !== k)));
        this.spent++;
        if (!dropped) continue;
        const value = this.reducedCost(dropped, r);
        if (value < bestValue) {
          bestValue = value;
          next = dropped.units;
        }
      }
      if (!next) break;
      team = next;
      teamValue = bestValue;
    }
    if (teamValue >= NEGATIVE) return null;
    const people = team.reduce((n, u) => n + p.unitSize[u], 0);
    if (people < this.sizeLow || people > this.sizeHigh) return null;
    return this.column(team);
  }
}
