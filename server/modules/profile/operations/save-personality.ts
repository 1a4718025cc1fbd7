import type { z } from 'zod';
import { PERSONALITY_ITEM_COUNT, type savePersonalityBody } from '@contracts/profile';
import type { Actor } from '../../../core/actor';
import { personalityAnswers } from '../../../db/schema';
import { answeredCount } from '../personality';
import { loadPersonalityRow, presentPersonality } from '../present';
import type { ProfileDeps } from './deps';

/** Saves self-assessment answers; earlier answers stay, and the first full set finishes it. */
export async function savePersonality(
  deps: ProfileDeps,
  actor: Actor,
  input: z.output<typeof savePersonalityBody>,
) {
  const row = await deps.db.transaction(async (tx) => {
    const current = await loadPersonalityRow(tx, actor.userId);
    const answers = { ...(current?.answers ?? {}), ...input.answers };
    const finished = answeredCount(answers) === PERSONALITY_ITEM_COUNT;
    const completedAt = current?.completedAt ?? (finished ? new Date() : null);
    const [saved] = await tx
      .insert(personalityAnswers)
      .values({ userId: actor.userId, answers, completedAt })
      .onConflictDoUpdate({
        target: personalityAnswers.userId,
        set: { answers, completedAt, updatedAt: new Date() },
      })
      .returning();
    return saved;
  });
  return presentPersonality(actor.userId, row, true);
}
