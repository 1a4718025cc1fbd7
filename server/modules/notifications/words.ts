import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { translator } from '../../i18n';
import { displayName } from '../../core/people';

/** The words of a notification in a language. */
export function wordsOf(
  language: UserRow['language'],
  data: Record<string, unknown>,
  actorName: string | null,
) {
  const t = translator(language);
  const key = typeof data.message_key === 'string' ? data.message_key : 'notifications:fallback';
  return t(key, { ...data, actor: actorName ?? 'Teamloop' }) as string;
}

/** The name of who did it, as notifications show it; null when the system tells. */
export async function actorNameOf(db: DbOrTx, actorId: number | null) {
  if (actorId === null) return null;
  const [actor] = await db.select().from(users).where(eq(users.id, actorId));
  return actor ? displayName(actor) : null;
}
