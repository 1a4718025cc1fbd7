import type { Area } from '../../core/area';
import type { Database } from '../../db/client';
import { personalFileKeys } from '../../storage/references';

/**
 * Deletes an account: every area erases or anonymises its rows about the person (its
 * `accountDeletion`), in one transaction. Answers the person's own files, which the caller
 * removes from storage once it committed (the sweep would take them later anyway).
 */
export async function deleteAccount(
  areas: readonly Area[],
  db: Database,
  userId: number,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const keys = await personalFileKeys(areas, tx, userId);
    for (const area of areas) await area.accountDeletion?.erase?.(tx, userId);
    return keys;
  });
}
