import { eq } from 'drizzle-orm';
import type { Actor } from '../../../core/actor';
import { driveFiles } from '../../../db/schema';
import type { DriveDeps } from './deps';
import { fileOf, freshFile } from './file-of';

/** Renames one of the actor's files (current or archived); the bytes stay as they are. */
export async function renameFile(
  deps: Pick<DriveDeps, 'db'>,
  actor: Actor,
  input: { id: number; name: string },
) {
  const { file } = await fileOf(deps.db, actor, input.id);
  await deps.db
    .update(driveFiles)
    .set({ name: input.name, updatedAt: new Date() })
    .where(eq(driveFiles.id, file.id));
  return freshFile(deps.db, actor, file.id);
}
