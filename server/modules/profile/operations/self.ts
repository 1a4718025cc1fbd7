import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import type { DbOrTx } from '../../../db/client';
import { users, type UserRow } from '../../../db/schema';

/** The actor's own account row, as it is now. */
export async function selfOf(db: DbOrTx, actor: Actor): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, actor.userId));
  return row;
}

/** Changes some columns of the actor's own account row and answers the row as it became. */
export async function updateSelf(
  db: DbOrTx,
  actor: Actor,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, actor.userId))
    .returning();
  return row;
}

/** The actor as a viewer of people's profiles. */
export const viewerOf = (actor: Actor) => ({ id: actor.userId, role: actor.role });
