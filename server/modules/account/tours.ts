import { eq } from 'drizzle-orm';
import { TOUR_NAMES } from '@contracts/auth';
import type { DbOrTx } from '../../db/client';
import { userTours } from '../../db/schema';

/** Spec 3 "Tours": every tour name, with its saved state or null when never seen. */
export async function loadTours(db: DbOrTx, userId: number) {
  const rows = await db.select().from(userTours).where(eq(userTours.userId, userId));
  const saved = new Map(rows.map((row) => [row.name, row.state]));
  return Object.fromEntries(
    TOUR_NAMES.map((name) => [
      name,
      (saved.get(name) as
        { status: 'started' | 'finished' | 'skipped'; step?: number } | undefined) ?? null,
    ]),
  );
}
