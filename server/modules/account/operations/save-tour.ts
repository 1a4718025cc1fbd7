import type { z } from 'zod';
import type { saveTourBody } from '@contracts/auth';
import type { Actor } from '../../../core/actor';
import { userTours } from '../../../db/schema';
import { loadTours } from '../tours';
import type { AccountDeps } from './deps';

/** Saves how far the actor got in a tour; answers every tour's state. */
export async function saveTour(
  deps: AccountDeps,
  actor: Actor,
  input: z.output<typeof saveTourBody>,
) {
  const { name, state } = input;
  await deps.db
    .insert(userTours)
    .values({ userId: actor.userId, name, state })
    .onConflictDoUpdate({
      target: [userTours.userId, userTours.name],
      set: { state, updatedAt: new Date() },
    });
  return { tours: await loadTours(deps.db, actor.userId) };
}
