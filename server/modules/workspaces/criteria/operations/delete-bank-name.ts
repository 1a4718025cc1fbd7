import { eq } from 'drizzle-orm';
import type { Actor } from '../../../../core/actor';
import { workspaceAccessFor } from '../../../../core/workspace-access';
import { nameBanks } from '../../../../db/schema';
import { notFound } from '../../../../http/errors';
import type { CriteriaDeps } from './criteria';

/** Delete one name of a bank. */
export async function deleteBankName(deps: CriteriaDeps, actor: Actor, id: number) {
  const { db } = deps;
  const [row] = await db.select().from(nameBanks).where(eq(nameBanks.id, id));
  if (!row) throw notFound('workspaces:messages.name_not_found');
  await workspaceAccessFor(db, actor, row.workspaceId, 'manage_name_banks', { change: true });
  await db.delete(nameBanks).where(eq(nameBanks.id, row.id));
}
