import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { tasks, type TaskRow } from '../../db/schema';
import { storageFor } from '../../storage';
import type { UploadOptions } from '../../storage/uploads';
import { uploadCapacity } from '../drive';
import type { TaskContext } from './load';
import { presentTask, viewerOf } from './present';

export const taskKinds = ['task', 'subtask'] as const;

/** Reads a task again after a change and presents it to the caller. */
export async function freshTask(db: DbOrTx, ctx: Pick<TaskContext, 'access'>, id: number) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return presentTask(db, row as TaskRow, viewerOf(ctx.access));
}

/**
 * Upload limits and words for files handed in (spec 5: multipart forms): work on tasks, and
 * files on assessment answers (`folder`). They count against the person's drive capacity.
 */
export async function workUploads(
  deps: AppDeps,
  userId: number,
  folder: string,
  maxFiles: number,
): Promise<UploadOptions> {
  const messages = {
    notMultipart: 'tasks:messages.upload_not_multipart',
    tooLarge: 'tasks:messages.upload_too_large',
    tooMany: 'tasks:messages.upload_too_many',
    unsupportedType: 'tasks:messages.upload_type_refused',
    malformed: 'tasks:messages.upload_malformed',
  };
  return {
    storage: storageFor(deps.config),
    folder,
    maxFileBytes: deps.config.UPLOAD_LIMIT_BYTES,
    maxFiles,
    ...(await uploadCapacity(deps, userId, messages)),
  };
}
