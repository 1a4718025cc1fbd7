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
 * so no single rater's answer can be read, or derived by comparing two reports:
 *
 * - The self group is the person assessed; it is always theirs to see.
 * - Every other handed-in answer counts in one report pool (peer, reviewer or other), set once
 *   when it is counted and never changed, and answers are counted in batches of at least the
 *   threshold (`poolsToCount`). So a pool only ever grows, by at least the threshold at a time:
 *   two reports read at any two moments differ by the sum of at least that many raters.
 * - A pool with fewer raters than the threshold is not shown (a raised threshold hides it).
 * - A reader never sees a pool they rated in themselves: they could subtract their own answer.
 * - Rater ids never leave a pool; open texts are sorted, so their order says nothing.
 * - Drafts never count: callers pass counted answers only.
 *
 * Pure: no database, no clock. Unit tests: anonymity.test.ts.
 */

export interface RawAnswer {
  raterId: number;
  /** The rater's group for this person. */
  group: RaterGroup;
  /** The report pool the answer was counted in. */
  pool: RaterGroup;
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
  answers: Omit<RawAnswer, 'raterId' | 'pool'>[];
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

const strip = ({ raterId: _raterId, pool: _pool, ...rest }: RawAnswer) => rest;
const POOL_ORDER: RaterGroup[] = ['self', 'peer', 'reviewer', 'other'];

/**
 * The answers about one person that may be shown to `readerId`, by report pool: self, and
 * each pool of at least the threshold in which the reader did not rate.
 */
export function visiblePools(answers: RawAnswer[], threshold: number, readerId?: number): Pool[] {
  const min = effective(threshold);
  const pools: Pool[] = [];
  for (const group of POOL_ORDER) {
    const list = answers.filter((a) => a.pool === group);
    if (list.length === 0) continue;
    const raters = new Set(list.map((a) => a.raterId));
    if (group !== 'self' && (raters.size < min || (readerId !== undefined && raters.has(readerId))))
      continue;
    pools.push({
      group,
      merged:
        group === 'other'
          ? [...new Set(list.map((a) => a.group))].filter((g) => g !== 'other')
          : [],
      raters: raters.size,
      answers: list.map(strip),
    });
  }
  return pools;
}

export interface WaitingAnswer {
  /** The evaluable (one rater's answers about one person). */
  id: number;
  group: RaterGroup;
}

/**
 * Which handed-in answers about one person join the report now, and in which pool. Self at
 * once; a group once at least `threshold` of its answers wait; and when the assessment closes,
 * whatever still waits together in "other" if there are at least `threshold` of them. Fewer
 * wait on: counting one more answer into a pool would let a reader subtract it.
 */
export function poolsToCount(
  waiting: WaitingAnswer[],
  threshold: number,
  closing: boolean,
): Map<number, RaterGroup> {
  const min = effective(threshold);
  const counted = new Map<number, RaterGroup>();
  for (const w of waiting) if (w.group === 'self') counted.set(w.id, 'self');
  for (const group of ['peer', 'reviewer', 'other'] as const) {
    const list = waiting.filter((w) => w.group === group);
    if (list.length >= min) for (const w of list) counted.set(w.id, group);
  }
  const rest = waiting.filter((w) => !counted.has(w.id));
  if (closing && rest.length >= min) for (const w of rest) counted.set(w.id, 'other');
  return counted;
}

/**
 * How many people assess someone, by group, as the person assessed may see it in an anonymous
 * assessment: groups below the threshold merge into "other", which shows only at the threshold.
 */
export function plannedGroups(
  groups: RaterGroup[],
  threshold: number,
): { group: RaterGroup; count: number }[] {
  const min = effective(threshold);
  const count = (g: RaterGroup) => groups.filter((x) => x === g).length;
  const result: { group: RaterGroup; count: number }[] = [];
  if (count('self') > 0) result.push({ group: 'self', count: count('self') });
  let other = count('other');
  for (const group of ['peer', 'reviewer'] as const) {
    if (count(group) >= min) result.push({ group, count: count(group) });
    else other += count(group);
  }
  if (other >= min) result.push({ group: 'other', count: other });
  return result;
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
  readerId?: number,
): PersonReport {
  const reports = questionReports(questions, visiblePools(answers, threshold, readerId));
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
  readerId?: number,
): QuestionReport[] {
  const pooled = new Map<RaterGroup, Pool>();
  for (const answers of answersByPerson) {
    for (const pool of visiblePools(answers, threshold, readerId)) {
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
  return questionReports(
    questions,
    POOL_ORDER.flatMap((g) => (pooled.has(g) ? [pooled.get(g)!] : [])),
  );
}
