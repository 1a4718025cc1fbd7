import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { tasks, type TaskRow } from '../../db/schema';
import { storageFor } from '../../storage';
import { receiveUploads } from '../../storage/uploads';
import type { TaskContext } from './load';
import { presentTask, viewerOf } from './present';

export const taskKinds = ['task', 'subtask'] as const;

/** Reads a task again after a change and presents it to the caller. */
export async function freshTask(db: DbOrTx, ctx: Pick<TaskContext, 'access'>, id: number) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return presentTask(db, row as TaskRow, viewerOf(ctx.access));
}

/** Upload limits and words for everything handed in on tasks (spec 5: multipart forms). */
export function receiveTaskFiles(request: FastifyRequest, deps: AppDeps, maxFiles = 10) {
  return receiveUploads(request, {
    storage: storageFor(deps.config),
    folder: 'tasks',
    maxFileBytes: deps.config.UPLOAD_LIMIT_BYTES,
    maxFiles,
    messages: {
      notMultipart: 'tasks:messages.upload_not_multipart',
      tooLarge: 'tasks:messages.upload_too_large',
      tooMany: 'tasks:messages.upload_too_many',
      unsupportedType: 'tasks:messages.upload_type_refused',
      malformed: 'tasks:messages.upload_malformed',
    },
  });
}
