/** A seeded pseudo-random source: the same seed gives the same sequence on every platform. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
}

/** sfc32 seeded through splitmix32, so nearby seeds give unrelated sequences. */
export function createRandom(seed: number): Random {
  // Fold seeds beyond 32 bits in rather than dropping their high part.
  let state = (seed ^ Math.floor(seed / 0x100000000)) | 0;
  const splitmix = (): number => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextUint32();
  const next = (): number => nextUint32() / 0x100000000;
  return { next, int: (n) => Math.floor(next() * n) };
}

/** Fisher-Yates shuffle in place. */
export function shuffle<T extends { length: number; [index: number]: number }>(
  items: T,
  random: Random,
): T {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const held = items[i];
    items[i] = items[j];
    items[j] = held;
  }
  return items;
}
