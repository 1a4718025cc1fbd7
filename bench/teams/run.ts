import {
  formTeams,
  scoreTeams,
  type Metrics,
  type Strategy,
} from '../../server/teamformation/index';
import { exactOptimum } from './exact';
import { generateInstance } from './generate';

const SIZES = [16, 200, 1000, 5000];

interface Row {
  n: number;
  method: Strategy | 'exact';
  seconds: number;
  /** CPU seconds of this process: steadier than wall time when the machine is shared. */
  cpuSeconds: number;
  metrics: Metrics;
}

function timed<T>(work: () => T): { value: T; seconds: number; cpuSeconds: number } {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const value = work();
  const used = process.cpuUsage(cpu);
  return {
    value,
    seconds: (performance.now() - start) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}

const rows: Row[] = [];
const gaps: {
  n: number;
  engine: number;
  optimum: number;
  gap: number;
  partitions: number;
  feasible: number;
}[] = [];
/** The default (mixed) first, then the presets, then a seeded random split under the same rules. */
const STRATEGIES: Strategy[] = ['mixed', 'personality', 'skills', 'availability', 'random'];

for (const n of SIZES) {
  const instance = generateInstance(n, 1000 + n);
  for (const strategy of STRATEGIES) {
    const run = timed(() => formTeams({ ...instance, strategy }));
    rows.push({
      n,
      method: strategy,
      seconds: run.seconds,
      cpuSeconds: run.cpuSeconds,
      metrics: run.value.metrics,
    });
  }
  if (n <= 20) {
    const exact = timed(() => exactOptimum(instance));
    // Scored by the engine's public scorer: the same J the engine reports.
    const metrics = scoreTeams(instance, exact.value.teams).metrics;
    rows.push({
      n,
      method: 'exact',
      seconds: exact.seconds,
      cpuSeconds: exact.cpuSeconds,
      metrics,
    });
    const engine = rows[rows.length - 1 - STRATEGIES.length].metrics.objective;
    gaps.push({
      n,
      engine,
      optimum: metrics.objective,
      gap: engine / metrics.objective - 1,
      partitions: exact.value.partitions,
      feasible: exact.value.feasible,
    });
  }
}

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ rows, gaps }, null, 2)}\n`);
} else {
  const columns: [string, (row: Row) => string][] = [
    ['N', (r) => String(r.n)],
    ['method', (r) => r.method],
    ['time s', (r) => r.seconds.toFixed(3)],
    ['cpu s', (r) => r.cpuSeconds.toFixed(3)],
    ['K', (r) => String(r.metrics.team_count)],
    ['viol', (r) => String(r.metrics.violations.total)],
    ['rho', (r) => r.metrics.rho.toFixed(4)],
    ['rho2', (r) => r.metrics.rho2.toFixed(4)],
    ['dmax', (r) => r.metrics.dmax.toFixed(3)],
    ['skills', (r) => r.metrics.skills_mean.toFixed(4)],
    ['bound', (r) => r.metrics.skills_upper_bound.toFixed(4)],
    ['/bound', (r) => (r.metrics.skills_mean / r.metrics.skills_upper_bound).toFixed(3)],
    ['sk min', (r) => r.metrics.skills_min.toFixed(3)],
    ['avail', (r) => r.metrics.availability_mean.toFixed(4)],
    ['av min', (r) => r.metrics.availability_min.toFixed(3)],
    ['J', (r) => r.metrics.objective.toFixed(5)],
  ];
  const cells = [
    columns.map(([title]) => title),
    ...rows.map((row) => columns.map(([, cell]) => cell(row))),
  ];
  const widths = columns.map((_, c) => Math.max(...cells.map((line) => line[c].length)));
  for (const line of cells) {
    process.stdout.write(`${line.map((cell, c) => cell.padStart(widths[c])).join('  ')}\n`);
  }
  for (const gap of gaps) {
    process.stdout.write(
      `\nN=${gap.n}: mixed J ${gap.engine.toFixed(6)}, exact optimum J ${gap.optimum.toFixed(6)} ` +
        `(enumerated ${gap.partitions} splits, ${gap.feasible} meet the rules); ` +
        `gap ${(100 * gap.gap).toFixed(2)}%\n`,
    );
  }
}
