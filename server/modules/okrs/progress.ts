import type { CheckInStatus, KeyResultKind } from '@contracts/okrs';

/**
 * The arithmetic of OKRs, pure so each rule is tested on its own (progress.test.ts):
 * a key result's progress from its kind and values, spec 4's derived objective status, and
 * progress rolled up an alignment tree with weights. Progress is a share from 0 to 1.
 */

export interface KeyResultValues {
  kind: KeyResultKind;
  startValue: number;
  targetValue: number;
  currentValue: number;
}

const clamp = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export function keyResultProgress({
  kind,
  startValue,
  targetValue,
  currentValue,
}: KeyResultValues): number {
  switch (kind) {
    case 'reach':
    case 'increase':
    case 'decrease':
      // From the start towards the target, in whichever direction the target lies.
      if (targetValue === startValue) return currentValue === targetValue ? 1 : 0;
      return clamp((currentValue - startValue) / (targetValue - startValue));
    case 'stay_above':
      return currentValue >= targetValue ? 1 : 0;
    case 'stay_below':
      return currentValue <= targetValue ? 1 : 0;
    case 'done':
      return currentValue >= 1 ? 1 : 0;
  }
}

/**
 * Spec 4, word for word: 'at risk' if more than one key result is at risk; otherwise
 * 'on trace' if more than one is on trace; otherwise 'has issue' if more than one has an
 * issue; otherwise none. "More than one" is two or more.
 */
export function derivedStatus(statuses: readonly (CheckInStatus | null)[]): CheckInStatus | null {
  const count = (status: CheckInStatus) => statuses.filter((s) => s === status).length;
  if (count('at risk') > 1) return 'at risk';
  if (count('on trace') > 1) return 'on trace';
  if (count('has issue') > 1) return 'has issue';
  return null;
}

/** A weighted mean; nothing to average is no progress. */
export function weightedMean(items: readonly { progress: number; weight: number }[]): number {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  if (total <= 0) return 0;
  return items.reduce((sum, item) => sum + item.progress * item.weight, 0) / total;
}

export interface TreeKeyResult extends KeyResultValues {
  id: number;
  objectiveId: number;
  weight: number;
  /** Whether it has been checked in on: its own values count only then when children exist. */
  checkedIn: boolean;
}
export interface TreeAlignment {
  objectiveId: number;
  parentObjectiveId: number | null;
  parentKeyResultId: number | null;
  weight: number;
}

/**
 * Progress of every objective and key result in a workspace, rolled up the alignment tree.
 * An objective's progress is the weighted mean of its key results (their weights) and of the
 * objectives aligned directly under it (the alignments' weights). A key result with objectives
 * aligned under it averages those (alignment weights) with its own measured progress (weight
 * 1, once checked in on). Cycles are refused when aligning; a cycle met here anyway counts 0.
 */
export function rollUp(
  objectiveIds: readonly number[],
  keyResults: readonly TreeKeyResult[],
  alignments: readonly TreeAlignment[],
): { objectives: Map<number, number>; keyResults: Map<number, number> } {
  const krsOf = new Map<number, TreeKeyResult[]>();
  for (const kr of keyResults)
    krsOf.set(kr.objectiveId, [...(krsOf.get(kr.objectiveId) ?? []), kr]);
  const underObjective = new Map<number, TreeAlignment[]>();
  const underKeyResult = new Map<number, TreeAlignment[]>();
  for (const a of alignments) {
    if (a.parentObjectiveId !== null) {
      underObjective.set(a.parentObjectiveId, [
        ...(underObjective.get(a.parentObjectiveId) ?? []),
        a,
      ]);
    } else if (a.parentKeyResultId !== null) {
      underKeyResult.set(a.parentKeyResultId, [
        ...(underKeyResult.get(a.parentKeyResultId) ?? []),
        a,
      ]);
    }
  }
  const objectiveMemo = new Map<number, number>();
  const krMemo = new Map<number, number>();
  const visiting = new Set<number>();

  const ofKeyResult = (kr: TreeKeyResult): number => {
    const known = krMemo.get(kr.id);
    if (known !== undefined) return known;
    const children = underKeyResult.get(kr.id) ?? [];
    const own = keyResultProgress(kr);
    const value =
      children.length === 0
        ? own
        : weightedMean([
            ...(kr.checkedIn ? [{ progress: own, weight: 1 }] : []),
            ...children.map((a) => ({ progress: ofObjective(a.objectiveId), weight: a.weight })),
          ]);
    krMemo.set(kr.id, value);
    return value;
  };

  const ofObjective = (id: number): number => {
    const known = objectiveMemo.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0;
    visiting.add(id);
    const value = weightedMean([
      ...(krsOf.get(id) ?? []).map((kr) => ({ progress: ofKeyResult(kr), weight: kr.weight })),
      ...(underObjective.get(id) ?? []).map((a) => ({
        progress: ofObjective(a.objectiveId),
        weight: a.weight,
      })),
    ]);
    visiting.delete(id);
    objectiveMemo.set(id, value);
    return value;
  };

  for (const id of objectiveIds) ofObjective(id);
  for (const kr of keyResults) ofKeyResult(kr);
  return { objectives: objectiveMemo, keyResults: krMemo };
}

/**
 * Whether aligning `child` under `parentObjective` would close a loop: the parent is the
 * child itself or already lies under it (through objectives or their key results).
 */
export function wouldCycle(
  child: number,
  parentObjective: number,
  alignments: readonly TreeAlignment[],
  keyResultObjective: ReadonlyMap<number, number>,
): boolean {
  // Walk upwards from the parent: if we meet the child, the child is an ancestor.
  const seen = new Set<number>();
  const stack = [parentObjective];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    if (id === child) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const a of alignments) {
      if (a.objectiveId !== id) continue;
      const up =
        a.parentObjectiveId ??
        (a.parentKeyResultId !== null ? keyResultObjective.get(a.parentKeyResultId) : undefined);
      if (up !== undefined) stack.push(up);
    }
  }
  return false;
}

/** A share from 0 to 1 as the whole percent the API shows. */
export const percent = (share: number) => Math.round(share * 1000) / 10;
