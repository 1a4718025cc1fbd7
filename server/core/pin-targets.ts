import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

type ReferenceType = 'task' | 'objective' | 'assessment';
/** Which of the given ids are objects of that type in the workspace. */
type TargetCheck = (db: DbOrTx, workspaceId: number, ids: number[]) => Promise<Set<number>>;

/**
 * What pins may point at. Each kind of work says, from its own area, how to find its objects
 * in a workspace; a pin to an id that is not one of them is refused, so a pin can never carry
 * another workspace's id. A kind no area registered cannot be pinned.
 */
const checks = new Map<ReferenceType, TargetCheck>();

export function registerPinTarget(type: ReferenceType, check: TargetCheck) {
  checks.set(type, check);
}

/** The usual check: the ids among a table's rows in the workspace (`inWorkspace`). */
export function registerPinTable(
  type: ReferenceType,
  table: PgTable,
  id: PgColumn,
  inWorkspace: (workspaceId: number) => SQL | undefined,
) {
  registerPinTarget(type, async (db, workspaceId, ids) => {
    const rows = await db
      .select({ id })
      .from(table)
      .where(and(inWorkspace(workspaceId), inArray(id, ids)));
    return new Set(rows.map((r) => r.id as number));
  });
}

export async function unknownTargets(
  db: DbOrTx,
  workspaceId: number,
  pins: { reference_type: string; reference_id?: number }[],
): Promise<number[]> {
  const bad: number[] = [];
  for (const type of ['task', 'objective', 'assessment'] as const) {
    const indexes = pins.flatMap((p, i) => (p.reference_type === type ? [i] : []));
    if (indexes.length === 0) continue;
    const check = checks.get(type);
    const found = check
      ? await check(
          db,
          workspaceId,
          indexes.map((i) => pins[i].reference_id ?? 0),
        )
      : new Set<number>();
    bad.push(...indexes.filter((i) => !found.has(pins[i].reference_id ?? 0)));
  }
  return bad.sort((a, b) => a - b);
}
