/** A person's place in a split: team index and position in it. */
export interface Seat {
  team: number;
  index: number;
}

/** The split with the people at two seats exchanged (a new array; the old one is kept). */
export function swapSeats(split: number[][], a: Seat, b: Seat): number[][] {
  const next = split.map((team) => [...team]);
  const first = next[a.team][a.index];
  next[a.team][a.index] = next[b.team][b.index];
  next[b.team][b.index] = first;
  return next;
}

export function seatOf(split: number[][], personId: number): Seat | null {
  for (const [team, members] of split.entries()) {
    const index = members.indexOf(personId);
    if (index >= 0) return { team, index };
  }
  return null;
}
