/**
 * Axis labels of a radar chart that stay inside its box on a phone: each label wraps at its
 * slashes and spaces, and the radar shrinks until the widest line of every label fits.
 */

/** Lines no longer than this wrap (unless a single word is longer). */
const LINE_CHARACTERS = 12;

/**
 * A label over as few lines as it needs: always after a slash, and at the spaces that make
 * the longest line shortest. "Intellect/Imagination" → ["Intellect/", "Imagination"],
 * "Ổn định cảm xúc" → ["Ổn định", "cảm xúc"].
 */
export function wrapLabel(label: string): string[] {
  const words = label.split(/\s+/).filter(Boolean);
  const limit = Math.max(LINE_CHARACTERS, ...words.map((word) => word.length));
  return label
    .split(/(?<=\/)/)
    .flatMap((part) => balance(part.trim().split(/\s+/).filter(Boolean), limit));
}

/** The words in the fewest lines of at most `limit` characters, the longest line shortest. */
function balance(words: string[], limit: number): string[] {
  const text = words.join(' ');
  if (text.length <= limit || words.length < 2) return text ? [text] : [];
  let best: string[] = words;
  for (let cut = 1; cut < words.length; cut += 1) {
    const head = words.slice(0, cut).join(' ');
    if (head.length > limit) break;
    const lines = [head, ...balance(words.slice(cut), limit)];
    const longest = (list: string[]) => Math.max(...list.map((line) => line.length));
    if (
      lines.length < best.length ||
      (lines.length === best.length && longest(lines) < longest(best))
    )
      best = lines;
  }
  return best;
}

/** Recharts draws an angle axis' labels this far outside the radar. */
export const TICK_GAP = 8;

export interface LabelBox {
  /** Widest line, px. */
  width: number;
  /** All lines, px. */
  height: number;
}

/**
 * The largest radius at which every label (the first at the top, the others clockwise, as
 * Recharts places them) fits a chart of this size, between `min` and `max`.
 */
export function fitRadius(
  labels: readonly LabelBox[],
  size: { width: number; height: number },
  { min, max, margin = 4 }: { min: number; max: number; margin?: number },
): number {
  let radius = max;
  labels.forEach((label, index) => {
    const angle = Math.PI / 2 - (2 * Math.PI * index) / labels.length;
    const across = Math.abs(Math.cos(angle));
    const up = Math.abs(Math.sin(angle));
    // Sideways labels start at the tick and run outwards; top and bottom ones are centred.
    const outwards = across > 0.1 ? label.width : label.width / 2;
    if (across > 0.01)
      radius = Math.min(radius, (size.width / 2 - margin - outwards) / across - TICK_GAP);
    if (up > 0.01)
      radius = Math.min(radius, (size.height / 2 - margin - label.height) / up - TICK_GAP);
  });
  return Math.max(min, Math.floor(radius));
}
