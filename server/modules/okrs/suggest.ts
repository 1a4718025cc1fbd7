import type { KeyResultKind, OkrSuggestion } from '@contracts/okrs';

/**
 * okrAI's rules (spec 7.2 okrAI): suggestions from the workspace's name banks and past OKRs,
 * ranked by the words they share with what the person typed, and a key result read from the
 * person's own words ("from 100 to 200 users"). Numbers only ever come from the person's text.
 */

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2),
  );

export function rank(text: string, names: { name: string; source: OkrSuggestion['source'] }[]) {
  const wanted = words(text);
  const seen = new Set<string>();
  return names
    .map((n, i) => {
      const shared = [...words(n.name)].filter((w) => wanted.has(w)).length;
      return { ...n, shared, i };
    })
    .filter((n) => wanted.size === 0 || n.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.i - b.i)
    .filter((n) => {
      const key = n.name.trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ name, source }) => ({ name, source }));
}

const NUMBER = String.raw`(-?\d+(?:[.,]\d+)?)`;

/** A key result in the person's own words, when they gave a start and a target. */
export function keyResultFromText(text: string): OkrSuggestion | null {
  const range = new RegExp(
    `from\\s+${NUMBER}\\s*([^\\s\\d]*)\\s+to\\s+${NUMBER}\\s*([^\\s\\d.,;]*)`,
    'i',
  );
  const match = range.exec(text);
  if (match) {
    const start = Number(match[1].replace(',', '.'));
    const target = Number(match[3].replace(',', '.'));
    const unit = (match[4] || match[2] || '').trim();
    const kind: KeyResultKind = target > start ? 'increase' : target < start ? 'decrease' : 'reach';
    return {
      name: text.trim().slice(0, 200),
      source: 'rule',
      kind,
      start_value: start,
      target_value: target,
      ...(unit ? { unit: unit.slice(0, 30) } : {}),
    };
  }
  const threshold = new RegExp(
    `(above|at least|below|at most|under)\\s+${NUMBER}\\s*([^\\s\\d.,;]*)`,
    'i',
  ).exec(text);
  if (threshold) {
    const above = /above|at least/i.test(threshold[1]);
    return {
      name: text.trim().slice(0, 200),
      source: 'rule',
      kind: above ? 'stay_above' : 'stay_below',
      target_value: Number(threshold[2].replace(',', '.')),
      ...(threshold[3] ? { unit: threshold[3].slice(0, 30) } : {}),
    };
  }
  return null;
}

/** A suggestion may carry no number the person did not write. */
export function onlyGivenNumbers(text: string, name: string): boolean {
  const given = new Set(text.match(/\d+(?:[.,]\d+)?/g) ?? []);
  return (name.match(/\d+(?:[.,]\d+)?/g) ?? []).every((n) => given.has(n));
}
