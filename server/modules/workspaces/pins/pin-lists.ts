import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Pin } from '@contracts/pins';
import { can } from '../../../auth/permissions';
import type { WorkspaceAccess } from '../../../core/workspace-access';
import type { DbOrTx } from '../../../db/client';
import { pins, type PinRow } from '../../../db/schema';

const presentPin = (row: PinRow): Pin => ({
  id: row.id,
  reference_type: row.referenceType,
  reference_id: row.referenceId,
  title: row.title,
  url: row.url,
  position: row.position,
});

/** The workspace's general pins and the caller's personal pins, as `access` sees them. */
export async function pinListsOf(db: DbOrTx, access: WorkspaceAccess) {
  const { userId } = access;
  const rows = await db
    .select()
    .from(pins)
    .where(
      and(
        eq(pins.workspaceId, access.workspace.id),
        or(isNull(pins.userId), eq(pins.userId, userId)),
      ),
    )
    .orderBy(asc(pins.position), asc(pins.id));
  return {
    pins: {
      general: rows.filter((r) => r.userId === null).map(presentPin),
      personal: rows.filter((r) => r.userId === userId).map(presentPin),
    },
    is_owner: can(access, 'manage_general_pins'),
  };
}
