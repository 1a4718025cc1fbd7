import { describe, expect, it } from 'vitest';
import type { RaterGroup } from '@contracts/assessments';
import {
  contributionScores,
  isValidThreshold,
  overallQuestions,
  personReport,
  poolsToCount,
  visiblePools,
  type RawAnswer,
  type ReportQuestion,
} from './anonymity';

const questions: ReportQuestion[] = [
  { id: 1, title: 'Listens', kind: 'rating', scale: 5 },
  { id: 2, title: 'Style', kind: 'choice', scale: null },
  { id: 3, title: 'Comments', kind: 'text', scale: null },
];
const person = {
  id: 9,
  name: 'Eve',
  first_name: 'Eve',
  last_name: '',
  email: 'eve@example.test',
  avatar_url: null,
  is_deleted: false,
  is_deactivated: false,
  is_shadow: false,
};

function rater(
  raterId: number,
  group: RawAnswer['group'],
  rating: number,
  choice: string,
  text: string,
  pool: RawAnswer['pool'] = group,
): RawAnswer[] {
  return [
    { raterId, group, pool, questionId: 1, rating, choice: null, text: null },
    { raterId, group, pool, questionId: 2, rating: null, choice, text: null },
    { raterId, group, pool, questionId: 3, rating: null, choice: null, text },
  ];
}

// Self and three reviewers, counted.
const base = [
  ...rater(9, 'self', 4, 'Calm', 'I try'),
  ...rater(21, 'reviewer', 3, 'Calm', 'steady'),
  ...rater(22, 'reviewer', 4, 'Bold', 'good'),
  ...rater(23, 'reviewer', 5, 'Calm', 'great'),
];

/** Every readable output about the person: the report and the overall report. */
function everything(answers: RawAnswer[], threshold: number, readerId?: number) {
  return JSON.stringify({
    person: personReport(person, questions, answers, threshold, null, readerId),
    overall: overallQuestions(questions, [answers], threshold, readerId),
  });
}

describe('anonymity threshold', () => {
  it('accepts 3 to 10 and refuses anything lower', () => {
    expect(isValidThreshold(3)).toBe(true);
    expect(isValidThreshold(10)).toBe(true);
    expect(isValidThreshold(2)).toBe(false);
    expect(isValidThreshold(0)).toBe(false);
    expect(isValidThreshold(11)).toBe(false);
    expect(isValidThreshold(3.5)).toBe(false);
  });

  it('a pool below the threshold shows nothing, not even its count', () => {
    const two = [
      ...base,
      ...rater(31, 'peer', 1, 'Loud', 'SECRET-A'),
      ...rater(32, 'peer', 2, 'Loud', 'SECRET-B'),
    ];
    expect(everything(two, 3)).toBe(everything(base, 3));
    expect(everything(two, 3)).not.toContain('SECRET');
  });

  it('raised to 5 it hides the three reviewers too; a stored value below 3 reads as 3', () => {
    const report = personReport(person, questions, base, 5);
    expect(report.questions[0].groups.map((g) => g.group)).toEqual(['self']);
    expect(report.questions[0].texts).toEqual([]);
    expect(report.questions[0].others_mean).toBeNull();
    expect(report.questions[1].choices).toEqual([]);
    expect(everything(base, 1)).toBe(everything(base, 3));
  });

  it('a reader never sees a pool they rated in, so they cannot subtract their own answer', () => {
    expect(visiblePools(base, 3, 22).map((p) => p.group)).toEqual(['self']);
    expect(everything(base, 3, 22)).not.toContain('steady');
    expect(visiblePools(base, 3, 99).map((p) => [p.group, p.raters])).toEqual([
      ['self', 1],
      ['reviewer', 3],
    ]);
    // The person assessed reads their own self answers.
    expect(visiblePools(base, 3, 9).map((p) => p.group)).toEqual(['self', 'reviewer']);
  });

  it('"other" lists the groups counted into it, whichever answer came from which', () => {
    const a = [
      ...rater(41, 'other', 2, 'Calm', 'o1'),
      ...rater(31, 'peer', 1, 'Loud', 'p1', 'other'),
      ...rater(32, 'peer', 5, 'Bold', 'p2', 'other'),
    ];
    const b = [
      ...rater(41, 'other', 1, 'Loud', 'p1'),
      ...rater(31, 'peer', 2, 'Calm', 'o1', 'other'),
      ...rater(32, 'peer', 5, 'Bold', 'p2', 'other'),
    ];
    expect(everything(a, 3)).toBe(everything(b, 3));
    expect(visiblePools(a, 3).map((p) => [p.group, p.merged, p.raters])).toEqual([
      ['other', ['peer'], 3],
    ]);
  });
});

describe('counting answers into pools', () => {
  const w = (id: number, group: RaterGroup) => ({ id, group });

  it('self at once; a group once the threshold waits; fewer wait on', () => {
    const counted = poolsToCount(
      [w(1, 'self'), w(2, 'peer'), w(3, 'peer'), w(4, 'other')],
      3,
      false,
    );
    expect([...counted]).toEqual([[1, 'self']]);
    const three = poolsToCount([w(2, 'peer'), w(3, 'peer'), w(5, 'peer'), w(4, 'other')], 3, false);
    expect([...three].sort()).toEqual([
      [2, 'peer'],
      [3, 'peer'],
      [5, 'peer'],
    ]);
  });

  it('on closing what waits goes together into "other", only if that makes the threshold', () => {
    const rest = [w(2, 'peer'), w(3, 'peer'), w(4, 'reviewer')];
    expect([...poolsToCount(rest, 3, true)].map(([, pool]) => pool)).toEqual([
      'other',
      'other',
      'other',
    ]);
    expect(poolsToCount(rest, 4, true).size).toBe(0);
    expect(poolsToCount(rest.slice(0, 2), 3, true).size).toBe(0);
  });

  it('whatever the order of hand-ins and closings, two reports in a row differ by no single rater', () => {
    // A seeded walk: raters of three groups hand in one by one, the assessment closes and
    // opens again at random; after every step every pool is compared with the step before.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 120; run += 1) {
      const threshold = 3 + Math.floor(random() * 3);
      const groups: RaterGroup[] = ['peer', 'reviewer', 'other'];
      const people = Array.from({ length: 4 + Math.floor(random() * 12) }, (_, i) => ({
        id: 100 + i,
        group: groups[Math.floor(random() * 3)],
        rating: 1 + Math.floor(random() * 5),
      }));
      const pool = new Map<number, RaterGroup>();
      const handedIn: typeof people = [];
      let before = visiblePools([], threshold);
      for (const step of [...people, ...people].map((p) => (random() < 0.3 ? null : p))) {
        const closing = step === null;
        if (step && !handedIn.includes(step)) handedIn.push(step);
        const waiting = handedIn.filter((p) => !pool.has(p.id));
        for (const [id, to] of poolsToCount(waiting, threshold, closing)) pool.set(id, to);
        const answers: RawAnswer[] = handedIn
          .filter((p) => pool.has(p.id))
          .map((p) => ({
            raterId: p.id,
            group: p.group,
            pool: pool.get(p.id)!,
            questionId: 1,
            rating: p.rating,
            choice: null,
            text: null,
          }));
        const after = visiblePools(answers, threshold);
        for (const group of groups) {
          const was = before.find((p) => p.group === group)?.raters ?? 0;
          const is = after.find((p) => p.group === group)?.raters ?? 0;
          expect(is).toBeGreaterThanOrEqual(was);
          if (is !== was) expect(is - was).toBeGreaterThanOrEqual(threshold);
        }
        before = after;
      }
    }
  });
});

describe('reports', () => {
  it('open text is sorted, carries no names, and groups at the threshold are shown', () => {
    const report = personReport(person, questions, base, 3);
    const q3 = report.questions[2];
    expect(q3.texts).toEqual(['good', 'great', 'steady']);
    expect(report.questions[0]).toMatchObject({ self: 4, others_mean: 4, others_spread: 0.82 });
    expect(report.questions[1].choices).toEqual([
      { choice: 'Bold', count: 1 },
      { choice: 'Calm', count: 2 },
    ]);
    expect(JSON.stringify(report)).not.toMatch(/"raterId"|"21"|rater_id/);
  });

  it('gives strengths and blind spots where self and others differ', () => {
    const qs: ReportQuestion[] = [
      { id: 1, title: 'A', kind: 'rating', scale: 5 },
      { id: 2, title: 'B', kind: 'rating', scale: 5 },
    ];
    const answers: RawAnswer[] = [
      {
        raterId: 1,
        group: 'self',
        pool: 'self',
        questionId: 1,
        rating: 5,
        choice: null,
        text: null,
      },
      {
        raterId: 1,
        group: 'self',
        pool: 'self',
        questionId: 2,
        rating: 2,
        choice: null,
        text: null,
      },
      ...[2, 3, 4].flatMap(
        (r) =>
          [
            {
              raterId: r,
              group: 'peer',
              pool: 'peer',
              questionId: 1,
              rating: 3,
              choice: null,
              text: null,
            },
            {
              raterId: r,
              group: 'peer',
              pool: 'peer',
              questionId: 2,
              rating: 4,
              choice: null,
              text: null,
            },
          ] as RawAnswer[],
      ),
    ];
    const report = personReport(person, qs, answers, 3);
    expect(report.strengths).toEqual([{ question_id: 2, title: 'B', gap: 2 }]);
    expect(report.blind_spots).toEqual([{ question_id: 1, title: 'A', gap: 2 }]);
  });

  it('contribution is each score over the team average', () => {
    const scores = contributionScores(
      new Map([
        [1, 0.8],
        [2, 0.6],
        [3, null],
      ]),
    );
    expect(scores.get(1)).toBe(1.14);
    expect(scores.get(2)).toBe(0.86);
    expect(scores.get(3)).toBeNull();
  });
});
