import { describe, expect, it } from 'vitest';
import { formTeams, scoreTeams, type TeamFormationRequest } from '../../../server/teamformation';
import { generateInstance } from '../../../bench/teams/generate';

/**
 * Four people in two teams of two, every figure worked by hand. Only E and A vary:
 * E = 20, 40, 20, 40 gives z = -1, 1, -1, 1 (mean 30, population sd 10);
 * A = 20, 20, 40, 40 gives z = -1, -1, 1, 1. The other factors are equal, so z = 0.
 */
const four: TeamFormationRequest = {
  team_size: { min: 2, max: 2 },
  required_skills: ['backend', 'design', 'data'],
  availability_target: 4,
  weights: { personality: 0.4, spread: 0.1, skills: 0.25, availability: 0.25 },
  people: [
    {
      id: 'a',
      big5: { E: 20, A: 20, C: 30, ES: 30, I: 30 },
      skills: ['backend'],
      availability: [0, 1, 2, 3, 4],
    },
    {
      id: 'b',
      big5: { E: 40, A: 20, C: 30, ES: 30, I: 30 },
      skills: ['design'],
      availability: [2, 3, 4, 5],
    },
    {
      id: 'c',
      big5: { E: 20, A: 40, C: 30, ES: 30, I: 30 },
      skills: ['backend', 'data'],
      availability: [3, 4, 5, 6],
    },
    { id: 'd', big5: { E: 40, A: 40, C: 30, ES: 30, I: 30 }, skills: [], availability: [10, 11] },
  ],
};

describe('measures of a split worked by hand (4 people, 2 teams)', () => {
  it('{a, d} and {b, c}: every team mean is 0, so rho is 0', () => {
    const { metrics, team_metrics } = scoreTeams(four, [
      ['a', 'd'],
      ['b', 'c'],
    ]);
    // a + d: E -1 + 1 = 0, A -1 + 1 = 0; b + c: E 1 - 1 = 0, A -1 + 1 = 0.
    expect(metrics.rho).toBeCloseTo(0, 12);
    expect(metrics.dmax).toBeCloseTo(0, 12);
    // Skills: {a, d} hold backend (1 of 3); {b, c} hold design, backend, data (3 of 3).
    expect(team_metrics.map((team) => team.skills_coverage)).toEqual([1 / 3, 1]);
    expect(metrics.skills_mean).toBeCloseTo(2 / 3, 12);
    expect(metrics.skills_min).toBeCloseTo(1 / 3, 12);
    // Shared hours: a and d share none; b and c share 3, 4, 5: 3 of the 4 asked for.
    expect(team_metrics.map((team) => team.common_slots)).toEqual([0, 3]);
    expect(metrics.availability_mean).toBeCloseTo((0 + 3 / 4) / 2, 12);
  });

  it('{a, b} and {c, d}: teams differ on A by 2 sd, rho = 3/2', () => {
    const { metrics, team_metrics } = scoreTeams(four, [
      ['a', 'b'],
      ['c', 'd'],
    ]);
    // Team means: {a, b} E 0, A -1; {c, d} E 0, A +1. B = 2 * 1 + 2 * 1 = 4.
    // TSS = 4 people * (1 + 1) = 8; a random split's B: TSS (K - 1) / (N - 1) = 8 / 3.
    // rho = 4 / (8 / 3) = 1.5.
    expect(metrics.rho).toBeCloseTo(1.5, 12);
    expect(metrics.dmax).toBeCloseTo(1, 12);
    expect(team_metrics[0].mean_z).toEqual({ E: 0, A: -1, C: 0, ES: 0, I: 0 });
    // Skills: {a, b} backend, design (2 of 3); {c, d} backend, data (2 of 3).
    expect(metrics.skills_mean).toBeCloseTo(2 / 3, 12);
    // Shared hours: a and b share 2, 3, 4 (3 of 4); c and d none.
    expect(team_metrics.map((team) => team.common_slots)).toEqual([3, 0]);
    expect(metrics.availability_mean).toBeCloseTo(3 / 8, 12);
    // rho2: every z^2 is 1, so the centred squared deviations are all 0: rho2 = 0.
    expect(metrics.rho2).toBeCloseTo(0, 12);
    // J = 0.4 * 1.5 + 0.1 * 0 + 0.25 * (1 - 2/3) + 0.25 * (1 - 3/8).
    expect(metrics.objective).toBeCloseTo(0.6 + 0.25 / 3 + 0.25 * (5 / 8), 12);
  });

  it('{a, c} and {b, d}: teams differ on E by 2 sd, rho = 3/2 again', () => {
    const { metrics } = scoreTeams(four, [
      ['a', 'c'],
      ['b', 'd'],
    ]);
    expect(metrics.rho).toBeCloseTo(1.5, 12);
    // {a, c}: backend, data; {b, d}: design. (2/3 + 1/3) / 2.
    expect(metrics.skills_mean).toBeCloseTo(0.5, 12);
    // a and c share 3, 4 (2 of 4); b and d none.
    expect(metrics.availability_mean).toBeCloseTo(0.25, 12);
  });
});

describe('proposals along the front', () => {
  // The column stage runs here (several seconds, more on a loaded machine).
  it(
    'offers the most balanced split first, each next one buying skills or shared hours',
    { timeout: 90_000 },
    async () => {
      const request: TeamFormationRequest = {
        ...generateInstance(120, 7),
        weights: { personality: 0.4, spread: 0.1, skills: 0.25, availability: 0.25 },
      };
      const result = await formTeams(request);
      expect(result.proposals.length).toBeGreaterThanOrEqual(2);
      expect(result.proposals.length).toBeLessThanOrEqual(3);
      expect(result.proposals.some((proposal) => proposal.teams === result.teams)).toBe(true);
      // "Most balanced" is shown only when it is.
      const balanced = result.proposals.findIndex((proposal) => proposal.kind === 'balanced');
      expect(balanced).toBeLessThanOrEqual(0);
      for (let i = 1; i < result.proposals.length; i++) {
        const before = result.proposals[i - 1].metrics;
        const after = result.proposals[i].metrics;
        expect(after.rho).toBeGreaterThanOrEqual(before.rho);
        expect(
          after.skills_mean > before.skills_mean ||
            after.availability_mean > before.availability_mean,
        ).toBe(true);
      }
      for (const proposal of result.proposals) {
        expect(proposal.metrics.violations.total).toBe(0);
        expect(scoreTeams(request, proposal.teams).metrics).toEqual(proposal.metrics);
      }
    },
  );

  it('reports progress from 0 to 1', async () => {
    const seen: number[] = [];
    await formTeams(generateInstance(60, 3), (done) => seen.push(done));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((done, i) => done >= (seen[i - 1] ?? 0) && done <= 1)).toBe(true);
    expect(seen[seen.length - 1]).toBe(1);
  });

  // The column stage runs here (several seconds, more on a loaded machine).
  it(
    'reports progress from 0 to 1 with all four criteria on (exchange and kicks included)',
    { timeout: 90_000 },
    async () => {
      const seen: number[] = [];
      const request: TeamFormationRequest = {
        ...generateInstance(120, 7),
        weights: { personality: 0.4, spread: 0.1, skills: 0.25, availability: 0.25 },
      };
      const result = await formTeams(request, (done) => seen.push(done));
      expect(result.proposals.map((proposal) => proposal.kind)).toContain('middle');
      expect(seen.every((done, i) => done >= (seen[i - 1] ?? 0) && done <= 1)).toBe(true);
      expect(seen[seen.length - 1]).toBe(1);
    },
  );
});
