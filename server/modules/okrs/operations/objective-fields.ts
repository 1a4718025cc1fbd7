import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateObjectiveBody } from '@contracts/okrs';
import type { DbOrTx } from '../../../db/client';
import { objectiveOwners, objectives, objectiveTags, type ObjectiveRow } from '../../../db/schema';
import { checkOwners, checkPosition, checkTags } from '../load';
import { period } from '../values';

/** The objective's own fields, as a create or an update gives them (an update may leave any out). */
export type ObjectiveFields = Omit<z.output<typeof updateObjectiveBody>, 'workspace_id'>;

/**
 * The one mapping of an objective's fields to its row, its owners and its tags, for create and
 * update alike: a new field is added here. Each reference is checked against the workspace
 * (422 naming the field); a field left out keeps `current`'s value (a new objective's default),
 * and owners or tags left out stay as they are (`undefined`).
 */
export async function objectiveFields(
  db: DbOrTx,
  workspaceId: number,
  body: ObjectiveFields & { name: string },
  current: null,
): Promise<ObjectiveChange>;
export async function objectiveFields(
  db: DbOrTx,
  workspaceId: number,
  body: ObjectiveFields,
  current: ObjectiveRow,
): Promise<ObjectiveChange>;
export async function objectiveFields(
  db: DbOrTx,
  workspaceId: number,
  body: ObjectiveFields,
  current: ObjectiveRow | null,
): Promise<ObjectiveChange> {
  const ownerIds =
    body.owner_ids === undefined
      ? undefined
      : await checkOwners(db, workspaceId, body.owner_ids, 'owner_ids');
  await checkPosition(db, workspaceId, body.org_position_id);
  const tagIds =
    body.tag_ids === undefined ? undefined : await checkTags(db, workspaceId, body.tag_ids);
  const given = <T>(value: T | undefined, was: T) => (value === undefined ? was : value);
  return {
    columns: {
      name: body.name ?? current?.name ?? '',
      description: given(body.description, current?.description ?? null),
      orgPositionId: given(body.org_position_id, current?.orgPositionId ?? null),
      ...period(body.started_at, body.ended_at, current),
      checkInEveryDays: given(body.check_in_every_days, current?.checkInEveryDays ?? null),
    },
    ownerIds,
    tagIds,
  };
}

export interface ObjectiveChange {
  columns: Pick<
    ObjectiveRow,
    'name' | 'description' | 'orgPositionId' | 'startedAt' | 'endedAt' | 'checkInEveryDays'
  >;
  ownerIds?: number[];
  tagIds?: number[];
}

/** Writes the owners and tags a change names, in place of the objective's old ones. */
export async function writeObjectiveLinks(
  tx: DbOrTx,
  objectiveId: number,
  change: ObjectiveChange,
  isNew: boolean,
) {
  if (change.ownerIds) {
    if (!isNew)
      await tx.delete(objectiveOwners).where(eq(objectiveOwners.objectiveId, objectiveId));
    if (change.ownerIds.length) {
      await tx
        .insert(objectiveOwners)
        .values(change.ownerIds.map((userId) => ({ objectiveId, userId })));
    }
  }
  if (change.tagIds) {
    if (!isNew) await tx.delete(objectiveTags).where(eq(objectiveTags.objectiveId, objectiveId));
    if (change.tagIds.length) {
      await tx.insert(objectiveTags).values(change.tagIds.map((tagId) => ({ objectiveId, tagId })));
    }
  }
}

/** The row of a new objective. */
export const newObjectiveRow = (
  workspaceId: number,
  change: ObjectiveChange,
  createdBy: number,
): typeof objectives.$inferInsert => ({ workspaceId, ...change.columns, createdBy });
