import { and, eq } from 'drizzle-orm';
import { operationOn } from '../../../core/actor';
import { assessmentFiles } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { storageFor } from '../../../storage';
import { loadAnswerFiles } from './answer-files';
import type { AssessmentFilesDeps } from './deps';

/** One file on answers with its content, for those who may read the answers' files. */
export const readAnswerFile = operationOn(
  (db, actor, input: { evaluableId: number; fileId: number }) =>
    loadAnswerFiles(db, actor, input.evaluableId, 'read'),
  async (deps: AssessmentFilesDeps, { evaluable }, input) => {
    const { db } = deps;
    const [file] = await db
      .select()
      .from(assessmentFiles)
      .where(
        and(eq(assessmentFiles.id, input.fileId), eq(assessmentFiles.evaluableId, evaluable.id)),
      );
    if (!file) throw notFound('tasks:messages.file_not_found');
    return { file, content: storageFor(deps.config).read(file.storageKey) };
  },
);
