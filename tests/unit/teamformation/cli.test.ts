import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) => `tests/fixtures/teamformation/${name}`;

/** Runs the CLI as `npm run teams:form` does: tsx on server/teamformation/cli.ts. */
function teamsForm(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/teamformation/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
}

// Each run starts node and tsx: seconds on a busy machine, so a roomier limit than the default.
describe('teams-host:form', { timeout: 30_000 }, () => {
  it('prints the result as JSON and nothing else on stdout', () => {
    const run = teamsForm('--in', fixture('sample.json'));
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.teams.flat()).toHaveLength(14);
    expect(result.metrics.violations.total).toBe(0);
    expect(result.team_metrics).toHaveLength(result.teams.length);
  });

  it('exits 2 with the problems on stderr for bad input', () => {
    const run = teamsForm('--in', fixture('bad-input.json'));
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/team_size: min must not exceed max/);
    expect(run.stderr).toMatch(/people\[0\]\.big5\.E/);
  });

  it('exits 2 with usage when --in is missing or the file cannot be read', () => {
    expect(teamsForm().status).toBe(2);
    const missing = teamsForm('--in', fixture('no-such-file.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/cannot read/);
  });
});
