import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { keyResultAnswers, keyResults, type KeyResultRow } from '../../db/schema';

/**
 * After a check-in is added, changed or removed: the key result's current value, status and
 * confidence are those of its latest check-in, or its start when none is left.
 */
export async function recompute(tx: DbOrTx, keyResult: KeyResultRow) {
  const [latest] = await tx
    .select()
    .from(keyResultAnswers)
    .where(eq(keyResultAnswers.keyResultId, keyResult.id))
    .orderBy(desc(keyResultAnswers.createdAt), desc(keyResultAnswers.id))
    .limit(1);
  await tx
    .update(keyResults)
    .set({
      currentValue: latest?.value ?? keyResult.startValue,
      status: latest?.status ?? null,
      confidence: latest?.confidence ?? null,
      lastCheckInAt: latest?.createdAt ?? null,
      updatedAt: new Date(),
    })
    .where(eq(keyResults.id, keyResult.id));
}
