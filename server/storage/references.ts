import type { Area } from '../core/area';
import type { DbOrTx } from '../db/client';

/**
 * Which stored files rows name, gathered from every area's `files` (server/core/area.ts).
 * tests/unit/area-registrations.test.ts fails when a column naming files is listed by no area,
 * since the sweep would take its files for orphans.
 */
export async function referencedKeys(areas: readonly Area[], db: DbOrTx): Promise<Set<string>> {
  return gather(areas.map((area) => area.files?.all(db)));
}

/** The files of a workspace, removed with it. */
export async function workspaceFileKeys(
  areas: readonly Area[],
  db: DbOrTx,
  workspaceId: number,
): Promise<string[]> {
  return [...(await gather(areas.map((area) => area.files?.ofWorkspace?.(db, workspaceId))))];
}

/** A person's own files, removed with their account (work handed in belongs to a workspace). */
export async function personalFileKeys(
  areas: readonly Area[],
  db: DbOrTx,
  userId: number,
): Promise<string[]> {
  return [...(await gather(areas.map((area) => area.files?.ofPerson?.(db, userId))))];
}

async function gather(lists: (Promise<Iterable<string>> | undefined)[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const list of await Promise.all(lists)) for (const key of list ?? []) keys.add(key);
  return keys;
}
