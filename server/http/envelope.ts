import type { MessageRef } from './errors';

/**
 * The success envelope `{ resource, messages }`. Handlers pass message keys; the
 * preSerialization hook in app.ts translates them into the caller's language, which is why
 * the result is typed with plain strings.
 */
export function ok<T>(resource: T, ...messages: (string | MessageRef)[]) {
  return { resource, messages: messages as unknown as string[] };
}
