import type { DbOrTx } from '../db/client';

/**
 * The counters of the core menu (spec 7.14 `menu`). The messaging module registers how to
 * count a person's unread messages; until it does there are none to count, so the menu says 0.
 */
type MenuCounter = (db: DbOrTx, userId: number) => Promise<number>;
const counters: { new_messages_count?: MenuCounter } = {};

export function registerMenuCounter(name: 'new_messages_count', counter: MenuCounter) {
  counters[name] = counter;
}

export async function menuCounts(db: DbOrTx, userId: number) {
  const unread = (await counters.new_messages_count?.(db, userId)) ?? 0;
  return { new_messages_count: Math.max(0, unread) };
}
