import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { users, type UserRow } from '../../../db/schema';

/** The actor's account as it is now. */
export async function accountOf(db: DbOrTx, actor: Actor): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, actor.userId));
  return row;
}

/** Changes some of an account's columns and answers the row as it became. */
export async function updateAccount(
  db: DbOrTx,
  userId: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}
