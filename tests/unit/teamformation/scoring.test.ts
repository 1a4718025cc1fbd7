import { describe, expect, it } from 'vitest';
import {
  scoreTeams,
  TeamFormationInputError,
  type TeamFormationRequest,
} from '../../../server/teamformation';

/** Only E varies, so every z-score below is easy to work out by hand. */
const person = (id: string, extraversion: number, extra: Record<string, unknown> = {}) => ({
  id,
  big5: { E: extraversion, A: 30, C: 30, ES: 30, I: 30 },
  ...extra,
});

// E = 20, 30, 40, 20, 30, 40: mean 30, population sd sqrt(200/3), so z = -1.2247, 0, 1.2247, ...
// and the squared deviations z^2 - 1 = 0.5, -1, 0.5, 0.5, -1, 0.5.
const sixPeople: TeamFormationRequest = {
  team_size: { min: 3, max: 3 },
  people: [20, 30, 40, 20, 30, 40].map((e, i) => person(`p${i + 1}`, e)),
};

describe('scoreTeams: personality', () => {
  it('gives rho, rho2 and dmax 0 when every team has the cohort profile', () => {
    const { metrics } = scoreTeams(sixPeople, [
      ['p1', 'p2', 'p3'],
      ['p4', 'p5', 'p6'],
    ]);
    expect(metrics.rho).toBeCloseTo(0, 12);
    expect(metrics.rho2).toBeCloseTo(0, 12);
    expect(metrics.dmax).toBeCloseTo(0, 12);
  });

  it('matches hand-computed rho, rho2 and dmax for an uneven split', () => {
    const { metrics, team_metrics } = scoreTeams(sixPeople, [
      ['p1', 'p3', 'p4'],
      ['p2', 'p5', 'p6'],
    ]);
    // Team means of z: -1.2247/3 and +1.2247/3; B = 2 * 3 * 0.4082^2 = 1; TSS = 6;
    // rho = B / (TSS * (K - 1) / (N - 1)) = 1 / (6 / 5).
    expect(metrics.rho).toBeCloseTo(5 / 6, 10);
    // Squared deviations: team means 0.5 and -0.5; B = 1.5; TSS = 3; rho2 = 1.5 / (3 / 5).
    expect(metrics.rho2).toBeCloseTo(2.5, 10);
    expect(metrics.dmax).toBeCloseTo(Math.sqrt(1.5) / 3, 10);
    expect(team_metrics[0].mean_z.E).toBeCloseTo(-Math.sqrt(1.5) / 3, 10);
    expect(team_metrics[0].mean_z.A).toBe(0);
  });

  it('scores a split that separates opposite people at 3 (pairs of -1 and +1, K = 2, N = 4)', () => {
    const request: TeamFormationRequest = {
      team_size: { min: 2, max: 2 },
      people: [20, 40, 20, 40].map((e, i) => person(`p${i + 1}`, e)),
    };
    expect(
      scoreTeams(request, [
        ['p1', 'p2'],
        ['p3', 'p4'],
      ]).metrics.rho,
    ).toBeCloseTo(0, 12);
    // B = 2 * 1 + 2 * 1 = 4, TSS = 4, scale = 4 * 1 / 3.
    expect(
      scoreTeams(request, [
        ['p1', 'p3'],
        ['p2', 'p4'],
      ]).metrics.rho,
    ).toBeCloseTo(3, 10);
  });
});

describe('scoreTeams: skills, availability and the objective', () => {
  const request: TeamFormationRequest = {
    team_size: { min: 2, max: 2 },
    required_skills: ['backend', 'design'],
    availability_target: 4,
    weights: { personality: 0, spread: 0, skills: 0.5, availability: 0.5 },
    people: [
      person('a', 30, { skills: ['backend', 'cooking'], availability: [1, 2, 3, 4, 5, 6] }),
      person('b', 30, { skills: ['design'], availability: [1, 2, 100] }),
      person('c', 30, { skills: ['backend'] }),
      person('d', 30, { skills: [], availability: [] }),
    ],
  };

  it('counts the skills each team covers and the best any split could reach', () => {
    const { metrics, team_metrics } = scoreTeams(request, [
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(team_metrics.map((team) => team.skills_coverage)).toEqual([1, 0.5]);
    expect(team_metrics[1].missing_skills).toEqual(['design']);
    expect(metrics.skills_mean).toBe(0.75);
    expect(metrics.skills_min).toBe(0.5);
    // backend is held by 2 people (fits both teams), design by 1 (one team): (1 + 0.5) / 2.
    expect(metrics.skills_upper_bound).toBe(0.75);
  });

  it('intersects availability, counting unknown availability as always free', () => {
    const { metrics, team_metrics } = scoreTeams(request, [
      ['a', 'c'],
      ['b', 'd'],
    ]);
    // a and c (unknown) share all six of a's slots; an explicitly empty week shares none.
    expect(team_metrics.map((team) => team.common_slots)).toEqual([6, 0]);
    expect(team_metrics.map((team) => team.availability)).toEqual([1, 0]);
    expect(metrics.availability_mean).toBe(0.5);
    expect(metrics.availability_min).toBe(0);
    // Each team covers one of the two skills: J = 0.5 * (1 - 0.5) + 0.5 * (1 - 0.5).
    expect(metrics.skills_mean).toBe(0.5);
    expect(metrics.objective).toBeCloseTo(0.5, 12);
  });

  it('caps a team at the availability target', () => {
    const { team_metrics } = scoreTeams(request, [
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(team_metrics[0].common_slots).toBe(2);
    expect(team_metrics[0].availability).toBe(0.5);
  });
});

describe('scoreTeams: hard rules', () => {
  const request: TeamFormationRequest = {
    team_size: { min: 2, max: 3 },
    no_isolated: [{ attribute: 'gender', value: 'F' }],
    keep_together: [['a', 'b']],
    keep_apart: [['c', 'd']],
    people: [
      person('a', 20, { attributes: { gender: 'F' } }),
      person('b', 30, { attributes: { gender: 'M' } }),
      person('c', 40, { attributes: { gender: 'F' } }),
      person('d', 25, { attributes: { gender: 'F' } }),
      person('e', 35, { attributes: { gender: 'F' } }),
    ],
  };

  it('counts each kind of violation', () => {
    const { metrics } = scoreTeams(request, [
      ['a', 'c', 'd'],
      ['b', 'e'],
    ]);
    expect(metrics.violations).toEqual({
      size: 0,
      keep_together: 1,
      keep_apart: 1,
      isolation: 1,
      total: 3,
    });
  });

  it('counts a team with exactly one member of the group, and each team of a wrong size', () => {
    const { metrics } = scoreTeams(request, [['a', 'b', 'c', 'e'], ['d']]);
    expect(metrics.violations.isolation).toBe(1);
    expect(metrics.violations.size).toBe(2);
  });

  it('finds no violation in a split that meets every rule', () => {
    expect(
      scoreTeams(request, [
        ['a', 'b', 'c'],
        ['d', 'e'],
      ]).metrics.violations.total,
    ).toBe(0);
  });

  it('rejects a split that leaves someone out, repeats someone or names a stranger', () => {
    expect(() =>
      scoreTeams(request, [
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toThrow(/in no team/);
    expect(() =>
      scoreTeams(request, [
        ['a', 'b', 'c'],
        ['c', 'd', 'e'],
      ]),
    ).toThrow(/already in a team/);
    expect(() =>
      scoreTeams(request, [
        ['a', 'b', 'c', 'x'],
        ['d', 'e'],
      ]),
    ).toThrow(TeamFormationInputError);
  });
});
