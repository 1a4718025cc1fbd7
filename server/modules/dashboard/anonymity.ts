/**
 * The anonymity rules of the dashboards (issue 34; docs/decisions/dashboards.md). A figure is
 * about a set of people; it is shown only when that set holds at least the threshold, and no
 * two figures shown may differ by fewer people than the threshold (so nobody is the difference
 * between two numbers).
 */

/** A part of a whole may be shown when it and what the whole holds beyond it are both safe. */
export function safePart(part: number, whole: number, threshold: number): boolean {
  const rest = whole - part;
  return part >= threshold && (rest === 0 || rest >= threshold);
}

/**
 * Which parts of a breakdown may be shown (parts are disjoint, their total is shown): a part
 * under the threshold is hidden; and when the hidden parts hold fewer than the threshold
 * together (so the total minus the shown parts would name them), the smallest shown parts are
 * hidden too until they do, or until nothing is shown.
 */
export function shownParts(sizes: readonly number[], threshold: number): boolean[] {
  const shown = sizes.map((size) => size === 0 || size >= threshold);
  const hiddenSize = () => sizes.reduce((sum, size, i) => sum + (shown[i] ? 0 : size), 0);
  const order = sizes.map((size, i) => ({ size, i })).sort((a, b) => a.size - b.size || a.i - b.i);
  for (const { size, i } of order) {
    const hidden = hiddenSize();
    if (hidden === 0 || hidden >= threshold) break;
    if (shown[i] && size > 0) shown[i] = false;
  }
  return shown;
}

/** A whole percent of a share; null when there is nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
