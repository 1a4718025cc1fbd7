import { describe, expect, it } from 'vitest';
import {
  contributionScores,
  isValidThreshold,
  overallQuestions,
  personReport,
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
): RawAnswer[] {
  return [
    { raterId, group, questionId: 1, rating, choice: null, text: null },
    { raterId, group, questionId: 2, rating: null, choice, text: null },
    { raterId, group, questionId: 3, rating: null, choice: null, text },
  ];
}

// Self, two peers (below 3) and three reviewers: the peers can't merge into "other" on
// their own (2 < 3), so they must vanish entirely.
const base = [
  ...rater(9, 'self', 4, 'Calm', 'I try'),
  ...rater(21, 'reviewer', 3, 'Calm', 'steady'),
  ...rater(22, 'reviewer', 4, 'Bold', 'good'),
  ...rater(23, 'reviewer', 5, 'Calm', 'great'),
];
const withPeers = (a: [number, string, string], b: [number, string, string]) => [
  ...base,
  ...rater(31, 'peer', a[0], a[1], a[2]),
  ...rater(32, 'peer', b[0], b[1], b[2]),
];

/** Every readable output about the person: the report and the overall report. */
function everything(answers: RawAnswer[], threshold: number) {
  return JSON.stringify({
    person: personReport(person, questions, answers, threshold),
    overall: overallQuestions(questions, [answers], threshold),
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

  it('with 2 peer answers and threshold 3, nothing of the peers can be read or derived', () => {
    const a = withPeers([1, 'Loud', 'SECRET-A'], [2, 'Loud', 'SECRET-B']);
    const b = withPeers([5, 'Quiet', 'other words'], [5, 'Calm', 'more']);
    // Whatever the peers answered, every output is the same...
    expect(everything(a, 3)).toBe(everything(b, 3));
    // ...and the same as if they had never answered: not even their count shows.
    expect(everything(a, 3)).toBe(everything(base, 3));
    const text = everything(a, 3);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('Loud');
    expect(text).not.toContain('"peer"');
  });

  it('raised to 5 it still holds, and hides the reviewers too', () => {
    const a = withPeers([1, 'Loud', 'SECRET-A'], [2, 'Loud', 'SECRET-B']);
    const b = withPeers([5, 'Quiet', 'x'], [4, 'Calm', 'y']);
    expect(everything(a, 5)).toBe(everything(b, 5));
    expect(everything(a, 5)).toBe(everything(base, 5));
    // The 3 reviewers are below 5 now: hidden too, never merged with the peers (comparing
    // with the report at 3 would otherwise give away the peers' sum). Only self is left.
    const report = personReport(person, questions, a, 5);
    expect(report.questions[0].groups.map((g) => g.group)).toEqual(['self']);
    expect(report.questions[0].texts).toEqual([]);
    expect(report.questions[0].others_mean).toBeNull();
    expect(report.questions[1].choices).toEqual([]);
  });

  it('a threshold below the minimum stored somewhere is read as 3', () => {
    const a = withPeers([1, 'Loud', 'SECRET-A'], [2, 'Loud', 'SECRET-B']);
    expect(everything(a, 1)).toBe(everything(a, 3));
  });

  it('a merged pool is the same whichever group each answer came from', () => {
    const others = [
      ...rater(41, 'other', 2, 'Calm', 'o1'),
      ...rater(42, 'other', 3, 'Calm', 'o2'),
      ...rater(43, 'other', 4, 'Bold', 'o3'),
    ];
    const a = [
      ...others,
      ...rater(31, 'peer', 1, 'Loud', 'p1'),
      ...rater(32, 'peer', 5, 'Bold', 'p2'),
    ];
    // Swap what a peer and an "other" said: the output cannot tell them apart.
    const b = [
      ...rater(41, 'other', 1, 'Loud', 'p1'),
      ...rater(42, 'other', 3, 'Calm', 'o2'),
      ...rater(43, 'other', 4, 'Bold', 'o3'),
      ...rater(31, 'peer', 2, 'Calm', 'o1'),
      ...rater(32, 'peer', 5, 'Bold', 'p2'),
    ];
    expect(everything(a, 3)).toBe(everything(b, 3));
    const pools = visiblePools(a, 3);
    expect(pools.map((p) => [p.group, p.raters])).toEqual([['other', 5]]);
  });

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
      { raterId: 1, group: 'self', questionId: 1, rating: 5, choice: null, text: null },
      { raterId: 1, group: 'self', questionId: 2, rating: 2, choice: null, text: null },
      ...[2, 3, 4].flatMap((r) => [
        { raterId: r, group: 'peer' as const, questionId: 1, rating: 3, choice: null, text: null },
        { raterId: r, group: 'peer' as const, questionId: 2, rating: 4, choice: null, text: null },
      ]),
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
