import type { KeyResultKind, NewKeyResult } from '@contracts/okrs';
import { validationFailed } from '../../http/errors';

/**
 * The values a key result starts with, checked against its kind. Nothing is made up: a kind
 * measured against a target needs the target the user gave; only "done or not" has fixed
 * values (0 not done, 1 done). `prefix` names the field in a list (key_results.0.).
 */
export function keyResultValues(
  input: Partial<
    Pick<NewKeyResult, 'kind' | 'start_value' | 'target_value' | 'progress_from_tasks'>
  >,
  existing: {
    kind: KeyResultKind;
    startValue: number;
    targetValue: number;
    progressFromTasks: boolean;
  } | null,
  prefix = '',
): { kind: KeyResultKind; startValue: number; targetValue: number; progressFromTasks: boolean } {
  const kind = input.kind ?? existing?.kind ?? 'reach';
  const progressFromTasks = input.progress_from_tasks ?? existing?.progressFromTasks ?? false;
  // Tasks done count towards a value; "stay above/below" is a limit, not something done.
  if (progressFromTasks && (kind === 'stay_above' || kind === 'stay_below')) {
    throw validationFailed({
      [`${prefix}progress_from_tasks`]: 'okrs:messages.tasks_progress_kind',
    });
  }
  if (kind === 'done') return { kind, startValue: 0, targetValue: 1, progressFromTasks };
  const keepOld = existing !== null && existing.kind !== 'done';
  const startValue = input.start_value ?? (keepOld ? existing.startValue : 0);
  const targetValue = input.target_value ?? (keepOld ? existing.targetValue : undefined);
  if (targetValue === undefined) {
    throw validationFailed({ [`${prefix}target_value`]: 'okrs:messages.target_required' });
  }
  if (kind === 'increase' && !(targetValue > startValue)) {
    throw validationFailed({ [`${prefix}target_value`]: 'okrs:messages.target_not_above_start' });
  }
  if (kind === 'decrease' && !(targetValue < startValue)) {
    throw validationFailed({ [`${prefix}target_value`]: 'okrs:messages.target_not_below_start' });
  }
  return { kind, startValue, targetValue, progressFromTasks };
}

/** A check-in's value must suit the kind: done or not takes 0 or 1. */
export function checkValue(kind: KeyResultKind, value: number) {
  if (kind === 'done' && value !== 0 && value !== 1) {
    throw validationFailed({ value: 'okrs:messages.done_value' });
  }
}

export function period(
  started: string | null | undefined,
  ended: string | null | undefined,
  existing: { startedAt: Date | null; endedAt: Date | null } | null,
) {
  const startedAt =
    started === undefined ? (existing?.startedAt ?? null) : started ? new Date(started) : null;
  const endedAt =
    ended === undefined ? (existing?.endedAt ?? null) : ended ? new Date(ended) : null;
  for (const [field, date] of [
    ['started_at', startedAt],
    ['ended_at', endedAt],
  ] as const) {
    if (date && (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999)) {
      throw validationFailed({ [field]: 'okrs:messages.date_invalid' });
    }
  }
  if (startedAt && endedAt && endedAt < startedAt) {
    throw validationFailed({ ended_at: 'okrs:messages.end_before_start' });
  }
  return { startedAt, endedAt };
}
