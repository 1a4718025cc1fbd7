import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { createTagBody, updateTagBody } from '@contracts/tasks';
import type { Actor } from '../../../core/actor';
import { workspaceAccessFor, workspaceOperation } from '../../../core/workspace-access';
import type { DbOrTx } from '../../../db/client';
import { criteria as tagTable, type CriterionRow } from '../../../db/schema';
import { conflict, notFound } from '../../../http/errors';
import type { TasksDeps } from './deps';

/*
 * Tags (spec 7.4) are the workspace's criteria (7.17) seen by type: the same rows, listed and
 * edited here by name and colour. Everyone in the workspace sees them; those who manage
 * criteria make, rename and delete them.
 */

const presentTag = (row: CriterionRow) => ({
  id: row.id,
  workspace_id: row.workspaceId,
  type: row.type,
  name: row.name,
  color: row.color,
});

/** The unique index on (workspace, type, lower(name)) speaks for itself as a 409. */
async function uniqueName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '23505') throw conflict('tasks:messages.tag_exists');
    throw error;
  }
}

/** A tag the actor may change (those who manage criteria, not in an archived workspace). */
async function tagToChange(db: DbOrTx, actor: Actor, id: number) {
  const [row] = await db.select().from(tagTable).where(eq(tagTable.id, id));
  if (!row) throw notFound('tasks:messages.tag_not_found');
  await workspaceAccessFor(db, actor, row.workspaceId, 'manage_criteria', { change: true });
  return row;
}

/** The tags of one type of a workspace, by name. */
export const listTags = workspaceOperation(
  'view_workspace',
  async (
    { db }: TasksDeps,
    _access,
    input: { workspaceId: number; type: CriterionRow['type'] },
  ) => {
    const rows = await db
      .select()
      .from(tagTable)
      .where(and(eq(tagTable.workspaceId, input.workspaceId), eq(tagTable.type, input.type)))
      .orderBy(tagTable.name, tagTable.id);
    return rows.map(presentTag);
  },
);

/** A new tag of a workspace. */
export async function createTag(
  deps: TasksDeps,
  actor: Actor,
  input: z.output<typeof createTagBody>,
) {
  const { db } = deps;
  const access = await workspaceAccessFor(db, actor, input.workspace_id, 'manage_criteria');
  const [row] = await uniqueName(
    db
      .insert(tagTable)
      .values({
        workspaceId: input.workspace_id,
        type: input.type,
        name: input.name,
        color: input.color,
        createdBy: access.userId,
      })
      .returning(),
  );
  return presentTag(row);
}

/** Rename a tag or change its colour. */
export async function updateTag(
  deps: TasksDeps,
  actor: Actor,
  input: { id: number; fields: z.output<typeof updateTagBody> },
) {
  const { db } = deps;
  const tag = await tagToChange(db, actor, input.id);
  const [row] = await uniqueName(
    db
      .update(tagTable)
      .set({ ...input.fields, updatedAt: new Date() })
      .where(eq(tagTable.id, tag.id))
      .returning(),
  );
  return presentTag(row);
}

/** Delete a tag: taken off every task with it by the foreign key's cascade. */
export async function deleteTag(deps: TasksDeps, actor: Actor, id: number) {
  const tag = await tagToChange(deps.db, actor, id);
  await deps.db.delete(tagTable).where(eq(tagTable.id, tag.id));
}
