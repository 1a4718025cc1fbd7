import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  formTeams,
  scoreTeams,
  type Metrics,
  type TeamFormationResult,
} from '../../server/teamformation/index';
import { exactOptimum } from './exact';
import { generateInstance } from './generate';
import { referenceExchange } from './reference';

/** Sizes from the command line (`npm run bench:teams -- 200,1000`), else all of them. */
const SIZES = (process.argv.find((arg) => /^\d+(,\d+)*$/.test(arg)) ?? '16,200,1000,5000')
  .split(',')
  .map(Number);
/**
 * Seeds of the reference (`--reference-seeds 3`: seeds 1, 2 and 3; default 1, the input's own):
 * its random start moves its skills and shared hours, by a standard deviation of about 0.06 of
 * hours at 200 people (docs/decisions/team-formation-engine.md, eighth round).
 */
const seedsArgument = process.argv.indexOf('--reference-seeds');
const REFERENCE_SEEDS = seedsArgument >= 0 ? Number(process.argv[seedsArgument + 1]) : 1;
if (!Number.isInteger(REFERENCE_SEEDS) || REFERENCE_SEEDS < 1) {
  process.stderr.write('--reference-seeds takes a whole number of seeds, 1 or more\n');
  process.exit(2);
}
/** All four criteria on (issue 35): the engine and the reference get the same input. */
const WEIGHTS = { personality: 0.4, spread: 0.1, skills: 0.25, availability: 0.25 };

interface Row {
  n: number;
  method: string;
  seconds: number | null;
  /** CPU seconds of this process: steadier than wall time when the machine is shared. */
  cpuSeconds: number | null;
  metrics: Metrics;
}

/** Wall and CPU time of `work` (sync work is awaited as is). */
async function timed<T>(
  work: () => T | Promise<T>,
): Promise<{ value: T; seconds: number; cpuSeconds: number }> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return {
    value,
    seconds: (performance.now() - start) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}

type Timed<T> = Awaited<ReturnType<typeof timed<T>>>;

/** Child mode: the engine on one size, timed, sent to the parent. */
const childSize = process.argv.indexOf('--engine-child');
if (childSize >= 0) {
  const n = Number(process.argv[childSize + 1]);
  const request = {
    ...generateInstance(n, 1000 + n),
    strategy: 'mixed' as const,
    weights: WEIGHTS,
  };
  const run = await timed(() => formTeams(request));
  process.send!(run, () => process.exit(0));
  await new Promise(() => {});
}

/**
 * The engine on one size in a process of its own: in the product each run gets a fresh worker
 * thread, and in one process the heap an earlier size left slows the next (5,000 people: 3.9 s
 * alone, 4.8 s after 1,000).
 */
function engineInOwnProcess(n: number): Promise<Timed<TeamFormationResult>> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--engine-child', String(n)], {
      execArgv: ['--import', 'tsx'],
    });
    child.once('message', (message) => resolve(message as Timed<TeamFormationResult>));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the engine's process for ${n} people exited with ${code}`));
    });
  });
}

const rows: Row[] = [];
const gaps: { n: number; engine: number; optimum: number; gap: number; feasible: number }[] = [];

for (const n of SIZES) {
  const instance = { ...generateInstance(n, 1000 + n), strategy: 'mixed' as const };
  const weighted = { ...instance, weights: WEIGHTS };
  const engine = await engineInOwnProcess(n);
  const recommended = engine.value.proposals.findIndex(
    (proposal) => JSON.stringify(proposal.teams) === JSON.stringify(engine.value.teams),
  );
  rows.push({
    n,
    method: `engine (${engine.value.proposals[recommended]?.kind ?? '?'})`,
    seconds: engine.seconds,
    cpuSeconds: engine.cpuSeconds,
    metrics: engine.value.metrics,
  });
  for (const proposal of engine.value.proposals) {
    rows.push({
      n,
      method: `  proposal ${proposal.kind}`,
      seconds: null,
      cpuSeconds: null,
      metrics: proposal.metrics,
    });
  }
  for (let seed = 1; seed <= REFERENCE_SEEDS; seed++) {
    const reference = await timed(() => referenceExchange({ ...weighted, seed }));
    rows.push({
      n,
      method: REFERENCE_SEEDS === 1 ? 'reference' : `reference seed ${seed}`,
      seconds: reference.seconds,
      cpuSeconds: reference.cpuSeconds,
      metrics: scoreTeams(weighted, reference.value.teams).metrics,
    });
  }
  if (n <= 20) {
    // The exact optimum of the default (personality-led) weights, where balance decides alone.
    const exact = exactOptimum(instance);
    const metrics = scoreTeams(instance, exact.teams).metrics;
    const found = (await formTeams(instance)).metrics.objective;
    gaps.push({
      n,
      engine: found,
      optimum: metrics.objective,
      gap: found / metrics.objective - 1,
      feasible: exact.feasible,
    });
  }
}

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify({ weights: WEIGHTS, rows, gaps }, null, 2)}\n`);
} else {
  const columns: [string, (row: Row) => string][] = [
    ['N', (r) => String(r.n)],
    ['method', (r) => r.method],
    ['time s', (r) => r.seconds?.toFixed(2) ?? ''],
    ['cpu s', (r) => r.cpuSeconds?.toFixed(2) ?? ''],
    ['K', (r) => String(r.metrics.team_count)],
    ['broken', (r) => String(r.metrics.violations.total)],
    ['J', (r) => r.metrics.objective.toFixed(4)],
    ['rho', (r) => r.metrics.rho.toFixed(4)],
    ['rho2', (r) => r.metrics.rho2.toFixed(3)],
    ['dmax', (r) => r.metrics.dmax.toFixed(3)],
    ['skills', (r) => r.metrics.skills_mean.toFixed(4)],
    ['hours', (r) => r.metrics.availability_mean.toFixed(4)],
  ];
  const cells = [
    columns.map(([title]) => title),
    ...rows.map((row) => columns.map(([, cell]) => cell(row))),
  ];
  const widths = columns.map((_, c) => Math.max(...cells.map((line) => line[c].length)));
  process.stdout.write(
    `Weights: personality ${WEIGHTS.personality}, spread ${WEIGHTS.spread}, skills ` +
      `${WEIGHTS.skills}, availability ${WEIGHTS.availability}. hours = shared-hours score ` +
      `(availability_mean), skills = skills coverage (skills_mean), broken = rules not met.\n\n`,
  );
  for (const line of cells) {
    process.stdout.write(
      `${line.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')}\n`,
    );
  }
  for (const gap of gaps) {
    process.stdout.write(
      `\nN=${gap.n}, default weights: engine J ${gap.engine.toFixed(6)}, exact optimum J ` +
        `${gap.optimum.toFixed(6)} (${gap.feasible} splits meet the rules); gap ` +
        `${(100 * gap.gap).toFixed(2)}%\n`,
    );
  }
}
