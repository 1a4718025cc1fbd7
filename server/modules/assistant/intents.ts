import type { AssistantIntent } from '@contracts/assistant';

/** An intent with the words it names (a task, a team, an assessment), as the rules read them. */
export interface Intent {
  intent: AssistantIntent;
  /** The name asked about, in the asker's words; empty when none was given. */
  subject: string;
}

/** Lower case, no accents (Vietnamese included: đ is d), single spaces, no punctuation. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[‘’'`]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Filler around a name: "the", "task", "bài", "nhóm" ... at either end. */
const LEADING =
  /^(?:(?:for|on|of|in|to|the|this|that|task|tasks|assignment|assessment|survey|team|yet|cho|bai tap|bai|nhiem vu|cong viec|danh gia|khao sat|nhom|doi|nay|cua)\s+)+/;
const TRAILING = /(?:\s+(?:yet|please|task|assessment|chua|nhi|vay|a|ha|nay|with|for me))+$/;

export function cleanSubject(raw: string): string {
  let subject = normalise(raw).replace(/'/g, ' ').replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 3; i++) subject = subject.replace(LEADING, '').replace(TRAILING, '').trim();
  return subject;
}

const RULES: { intent: AssistantIntent; patterns: RegExp[] }[] = [
  {
    intent: 'not_submitted',
    patterns: [
      /\b(?:not|n't|nt|never)\s+(?:yet\s+)?(?:submitted|submit|handed in|hand in|handed|turned in|turn in|sent)\b(.*)$/,
      /\bmissing\s+(?:submissions?|work)?\s*(?:for|on|of|in)?\b(.*)$/,
      /\bchua\s+(?:nop|gui|hoan thanh|lam)\b(.*)$/,
    ],
  },
  {
    intent: 'team_candidates',
    patterns: [
      /\b(?:could|can|should|might|would|to)\s+join\b(.*)$/,
      /\bcandidates?\s+(?:for|to join)\b(.*)$/,
      /\b(?:co the|nen)\s+(?:vao|tham gia|gia nhap)\b(.*)$/,
    ],
  },
  {
    intent: 'team_balance',
    patterns: [/\b(?:balanced?|balancing)\b()/, /\bcan bang\b()/],
  },
  {
    intent: 'assessment_summary',
    patterns: [/\bsummar(?:y|i[sz]e|i[sz]ing)\b(.*)$/, /\bsum up\b(.*)$/, /\btom tat\b(.*)$/],
  },
  {
    intent: 'due_this_week',
    patterns: [
      /\b(?:due|deadlines?)\b()/,
      /\b(?:han nop|den han|het han|han chot|thoi han|tuan nay)\b()/,
    ],
  },
];

/** The rules: the first intent whose words appear, with the name that follows them. */
export function matchIntent(question: string): Intent {
  const text = normalise(question);
  for (const rule of RULES) {
    for (const pattern of rule.patterns) {
      const found = pattern.exec(text);
      if (found) return { intent: rule.intent, subject: cleanSubject(found[1] ?? '') };
    }
  }
  return { intent: 'help', subject: '' };
}

function bigrams(text: string): string[] {
  const s = ` ${text} `;
  const out: string[] = [];
  for (let i = 0; i < s.length - 1; i++) out.push(s.slice(i, i + 2));
  return out;
}

/** How alike two names are, 0 to 1: containment counts as alike, then shared letter pairs. */
export function similarity(a: string, b: string): number {
  const x = normalise(a);
  const y = normalise(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  if (x.includes(y) || y.includes(x)) {
    return 0.5 + 0.5 * (Math.min(x.length, y.length) / Math.max(x.length, y.length));
  }
  const left = bigrams(x);
  const right = bigrams(y);
  const pool = new Map<string, number>();
  for (const g of right) pool.set(g, (pool.get(g) ?? 0) + 1);
  let shared = 0;
  for (const g of left) {
    const n = pool.get(g) ?? 0;
    if (n > 0) {
      shared += 1;
      pool.set(g, n - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/**
 * The record whose name is most like the words asked about (fuzzy), or null when none is
 * near enough. A number in the words (team 3, nhóm 3) must be a number of the name.
 */
export function bestMatch<T>(words: string, records: readonly T[], nameOf: (r: T) => string) {
  const asked = normalise(words);
  if (!asked) return null;
  const numbers: string[] = asked.match(/\b\d+\b/g) ?? [];
  let best: { record: T; score: number } | null = null;
  for (const record of records) {
    const name = normalise(nameOf(record));
    const nameNumbers: string[] = name.match(/\b\d+\b/g) ?? [];
    if (numbers.length > 0 && !numbers.every((n) => nameNumbers.includes(n))) continue;
    // Containment either way is a strong match ("essay" in "Essay on rivers").
    const contained = name.includes(asked) || asked.includes(name);
    const score = contained ? 0.6 + 0.4 * similarity(asked, name) : similarity(asked, name);
    if (!best || score > best.score) best = { record, score };
  }
  const enough = numbers.length > 0 ? 0 : 0.45;
  return best && best.score > enough ? best.record : null;
}
