import { eq } from 'drizzle-orm';
import type { NewKeyResult } from '@contracts/okrs';
import type { DbOrTx } from '../../../db/client';
import { keyResultOwners, type KeyResultRow } from '../../../db/schema';
import { checkOwners, checkPosition } from '../load';
import { keyResultValues } from '../values';

export interface KeyResultChange {
  columns: Pick<
    KeyResultRow,
    | 'name'
    | 'kind'
    | 'startValue'
    | 'targetValue'
    | 'progressFromTasks'
    | 'currentValue'
    | 'unit'
    | 'weight'
    | 'orgPositionId'
  >;
  ownerIds?: number[];
}

/**
 * The one mapping of a key result's fields to its row and owners, for a new key result (alone
 * or with its objective) and an update: a new field is added here. `prefix` names the field
 * in a list (key_results.0.); a field left out keeps `current`'s value.
 */
export async function keyResultFields(
  db: DbOrTx,
  workspaceId: number,
  body: Partial<NewKeyResult>,
  current: KeyResultRow | null,
  prefix = '',
): Promise<KeyResultChange> {
  const values = keyResultValues(body, current, prefix);
  await checkPosition(db, workspaceId, body.org_position_id, `${prefix}org_position_id`);
  const ownerIds =
    body.owner_ids === undefined && current
      ? undefined
      : await checkOwners(db, workspaceId, body.owner_ids, `${prefix}owner_ids`);
  const given = <T>(value: T | undefined, was: T) => (value === undefined ? was : value);
  return {
    columns: {
      name: body.name ?? current?.name ?? '',
      ...values,
      // Before the first check-in the current value is the start.
      currentValue:
        current && current.lastCheckInAt !== null ? current.currentValue : values.startValue,
      unit: given(body.unit, current?.unit ?? null),
      weight: body.weight ?? current?.weight ?? 1,
      orgPositionId: given(body.org_position_id, current?.orgPositionId ?? null),
    },
    ownerIds,
  };
}

/** Writes the owners a change names, in place of the key result's old ones. */
export async function writeKeyResultOwners(
  tx: DbOrTx,
  keyResultId: number,
  change: KeyResultChange,
  isNew: boolean,
) {
  if (!change.ownerIds) return;
  if (!isNew) await tx.delete(keyResultOwners).where(eq(keyResultOwners.keyResultId, keyResultId));
  if (change.ownerIds.length) {
    await tx
      .insert(keyResultOwners)
      .values(change.ownerIds.map((userId) => ({ keyResultId, userId })));
  }
}
