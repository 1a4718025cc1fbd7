import {
  MAX_ANONYMITY_THRESHOLD,
  MIN_ANONYMITY_THRESHOLD,
  type PersonReport,
  type QuestionReport,
  type RaterGroup,
} from '@contracts/assessments';

/**
 * The one place assessment answers become something a person can read. Every report, export,
 * chart and count of the assessments area is computed from `visiblePools()` and nothing else,
 * so a rater group below the threshold cannot be read or derived from any of them:
 *
 * - The self group is the person assessed; it is always theirs to see.
 * - Any other group (peer, reviewer, other) with fewer distinct raters than the threshold is
 *   merged into "other". If the merged "other" still has fewer raters than the threshold it is
 *   dropped whole: no figure, no count, no text of it leaves this module.
 * - Rater ids never leave a pool; open texts are sorted, so their order says nothing.
 * - Drafts never count: callers pass submitted answers only.
 *
 * Pure: no database, no clock. Unit tests: anonymity.test.ts.
 */

export interface RawAnswer {
  raterId: number;
  group: RaterGroup;
  questionId: number;
  rating: number | null;
  choice: string | null;
  text: string | null;
}

export interface ReportQuestion {
  id: number;
  title: string;
  kind: 'rating' | 'choice' | 'text';
  scale: number | null;
}

export interface Pool {
  group: RaterGroup;
  merged: RaterGroup[];
  raters: number;
  answers: Omit<RawAnswer, 'raterId'>[];
}

export function isValidThreshold(value: number): boolean {
  return (
    Number.isInteger(value) && value >= MIN_ANONYMITY_THRESHOLD && value <= MAX_ANONYMITY_THRESHOLD
  );
}

/** Never lower than the minimum, whatever is stored. */
function effective(threshold: number) {
  return Math.max(MIN_ANONYMITY_THRESHOLD, Math.floor(threshold));
}

const strip = ({ raterId: _raterId, ...rest }: RawAnswer) => rest;

/**
 * The answers about one person that may be shown, by rater group. Groups are formed (and
 * merged) at the minimum threshold; a higher threshold then only hides whole pools. So a
 * higher threshold never shows a combination a lower one did not: comparing the reports at
 * two thresholds reveals nothing either alone would not.
 */
export function visiblePools(answers: RawAnswer[], threshold: number): Pool[] {
  const min = MIN_ANONYMITY_THRESHOLD;
  const owner = effective(threshold);
  return poolsAtMinimum(answers, min).filter((p) => p.group === 'self' || p.raters >= owner);
}

function poolsAtMinimum(answers: RawAnswer[], min: number): Pool[] {
  const byGroup = new Map<RaterGroup, RawAnswer[]>();
  for (const answer of answers) {
    const list = byGroup.get(answer.group) ?? [];
    list.push(answer);
    byGroup.set(answer.group, list);
  }
  const raterCount = (list: RawAnswer[]) => new Set(list.map((a) => a.raterId)).size;
  const pools: Pool[] = [];
  const self = byGroup.get('self');
  if (self) {
    pools.push({ group: 'self', merged: [], raters: raterCount(self), answers: self.map(strip) });
  }
  const toMerge: RawAnswer[] = [];
  const mergedGroups: RaterGroup[] = [];
  for (const group of ['peer', 'reviewer'] as const) {
    const list = byGroup.get(group);
    if (!list) continue;
    if (raterCount(list) >= min) {
      pools.push({ group, merged: [], raters: raterCount(list), answers: list.map(strip) });
    } else {
      toMerge.push(...list);
      mergedGroups.push(group);
    }
  }
  const other = [...(byGroup.get('other') ?? []), ...toMerge];
  // Raters are distinct per group; one person in two groups would be counted twice.
  if (other.length > 0 && raterCount(other) >= min) {
    pools.push({
      group: 'other',
      merged: mergedGroups,
      raters: raterCount(other),
      answers: other.map(strip),
    });
  }
  return pools;
}

const round = (n: number) => Math.round(n * 100) / 100;
export function mean(values: number[]): number | null {
  return values.length === 0 ? null : round(values.reduce((a, b) => a + b, 0) / values.length);
}
/** Population standard deviation: how far the raters agree. */
export function spread(values: number[]): number | null {
  if (values.length === 0) return null;
  const m = values.reduce((a, b) => a + b, 0) / values.length;
  return round(Math.sqrt(values.reduce((a, b) => a + (b - m) ** 2, 0) / values.length));
}

const ratingsOf = (answers: Pool['answers'], questionId: number) =>
  answers
    .filter((a) => a.questionId === questionId && a.rating !== null)
    .map((a) => a.rating as number);

/** Per question, from pools only. */
export function questionReports(questions: ReportQuestion[], pools: Pool[]): QuestionReport[] {
  const others = pools.filter((p) => p.group !== 'self');
  const selfPool = pools.find((p) => p.group === 'self');
  return questions.map((q) => {
    const otherRatings = others.flatMap((p) => ratingsOf(p.answers, q.id));
    const choiceCounts = new Map<string, number>();
    const texts: string[] = [];
    for (const pool of others) {
      for (const a of pool.answers) {
        if (a.questionId !== q.id) continue;
        if (a.choice) choiceCounts.set(a.choice, (choiceCounts.get(a.choice) ?? 0) + 1);
        if (a.text && a.text.trim()) texts.push(a.text.trim());
      }
    }
    return {
      question_id: q.id,
      title: q.title,
      kind: q.kind,
      scale: q.scale,
      self: selfPool ? mean(ratingsOf(selfPool.answers, q.id)) : null,
      others_mean: mean(otherRatings),
      others_spread: spread(otherRatings),
      groups: pools.map((p) => ({
        group: p.group,
        merged: p.merged,
        raters: p.raters,
        mean: mean(ratingsOf(p.answers, q.id)),
        spread: spread(ratingsOf(p.answers, q.id)),
      })),
      choices: [...choiceCounts.entries()]
        .map(([choice, count]) => ({ choice, count }))
        .sort((a, b) => a.choice.localeCompare(b.choice)),
      texts: texts.sort((a, b) => a.localeCompare(b)),
    };
  });
}

/** Where self and others differ most: others higher = strengths, self higher = blind spots. */
export function insights(reports: QuestionReport[], top = 3) {
  const gaps = reports
    .filter((r) => r.kind === 'rating' && r.self !== null && r.others_mean !== null)
    .map((r) => ({
      question_id: r.question_id,
      title: r.title,
      gap: round((r.others_mean as number) - (r.self as number)),
    }));
  return {
    strengths: gaps
      .filter((g) => g.gap > 0)
      .sort((a, b) => b.gap - a.gap || a.question_id - b.question_id)
      .slice(0, top),
    blind_spots: gaps
      .filter((g) => g.gap < 0)
      .map((g) => ({ ...g, gap: -g.gap }))
      .sort((a, b) => b.gap - a.gap || a.question_id - b.question_id)
      .slice(0, top),
  };
}

/**
 * The share of the scale others gave a person, over every rating question, from the visible
 * peer pool only (a team assessment's contribution comes from teammates).
 */
export function peerScore(questions: ReportQuestion[], pools: Pool[]): number | null {
  const peers = pools.filter(
    (p) => p.group === 'peer' || (p.group === 'other' && p.merged.includes('peer')),
  );
  const shares: number[] = [];
  for (const q of questions) {
    if (q.kind !== 'rating' || !q.scale) continue;
    for (const pool of peers)
      for (const r of ratingsOf(pool.answers, q.id)) shares.push(r / q.scale);
  }
  return shares.length === 0 ? null : shares.reduce((a, b) => a + b, 0) / shares.length;
}

/**
 * CATME-style contribution: each member's peer score over the team's average peer score
 * (1 = an even share; above 1 gave more). Members without a visible peer score get null and
 * stay out of the average.
 */
export function contributionScores(scores: Map<number, number | null>): Map<number, number | null> {
  const known = [...scores.values()].filter((s): s is number => s !== null);
  const average = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 0;
  const result = new Map<number, number | null>();
  for (const [userId, s] of scores) {
    result.set(userId, s === null || average === 0 ? null : round(s / average));
  }
  return result;
}

/** One person's report, everything from the visible pools. */
export function personReport(
  evaluatee: PersonReport['evaluatee'],
  questions: ReportQuestion[],
  answers: RawAnswer[],
  threshold: number,
  contribution: number | null = null,
): PersonReport {
  const reports = questionReports(questions, visiblePools(answers, threshold));
  return { evaluatee, questions: reports, ...insights(reports), contribution };
}

/**
 * The whole assessment: each person's visible pools first, then pooled together, so nothing
 * hidden for one person comes back through the total.
 */
export function overallQuestions(
  questions: ReportQuestion[],
  answersByPerson: RawAnswer[][],
  threshold: number,
): QuestionReport[] {
  const pooled = new Map<RaterGroup, Pool>();
  for (const answers of answersByPerson) {
    for (const pool of visiblePools(answers, threshold)) {
      const into = pooled.get(pool.group) ?? {
        group: pool.group,
        merged: [],
        raters: 0,
        answers: [],
      };
      into.raters += pool.raters;
      into.answers.push(...pool.answers);
      into.merged = [...new Set([...into.merged, ...pool.merged])];
      pooled.set(pool.group, into);
    }
  }
  const order: RaterGroup[] = ['self', 'peer', 'reviewer', 'other'];
  return questionReports(
    questions,
    order.flatMap((g) => (pooled.has(g) ? [pooled.get(g)!] : [])),
  );
}
