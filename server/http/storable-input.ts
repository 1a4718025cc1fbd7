import { validationFailed } from './errors';

/**
 * Input PostgreSQL cannot store: U+0000 (text and jsonb refuse it), UTF-16 halves without their
 * pair (they cannot be encoded as UTF-8), and nesting deeper than any of our documents needs.
 * Checked on every request before validation, so it never reaches the database as a 500.
 */
export const MAX_NESTING_DEPTH = 64;

export type UnstorableProblem = 'invalid_characters' | 'too_deep';

export interface UnstorableInput {
  /** The dotted path of the offending value, e.g. `config.columns.0.name`; '' for the root. */
  field: string;
  problem: UnstorableProblem;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text can be stored: no NUL and no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The first value inside parsed input that cannot be stored, or null. Walks with an explicit
 * stack, so hostile nesting cannot overflow the call stack; keys are checked like values.
 */
export function findUnstorableInput(
  root: unknown,
  maxDepth = MAX_NESTING_DEPTH,
): UnstorableInput | null {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value: root, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { field: path, problem: 'invalid_characters' };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { field: path, problem: 'too_deep' };
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return { field: path, problem: 'invalid_characters' };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Refuses with 422 the first part of a request (body, query, params, a multipart field...)
 * that holds input the database cannot store, naming the field.
 */
export function refuseUnstorableInput(parts: Record<string, unknown>): void {
  for (const [part, value] of Object.entries(parts)) {
    const found = findUnstorableInput(value);
    if (found) {
      throw validationFailed({ [found.field || part]: `common:validation.${found.problem}` });
    }
  }
}
