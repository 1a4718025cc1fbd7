import { operationOn } from '../../../core/actor';
import { assessmentFiles } from '../../../db/schema';
import { validationFailed } from '../../../http/errors';
import {
  answerFilesOf,
  keepingFiles,
  loadAnswerFiles,
  MAX_FILES_PER_EVALUABLE,
  type AnswerFilesSource,
} from './answer-files';
import type { AssessmentFilesDeps } from './deps';

/** Attaches files to the answers for one person, up to ten in all; answers all of them. */
export const attachAnswerFiles = operationOn(
  (db, actor, input: { evaluableId: number; receive: AnswerFilesSource }) =>
    loadAnswerFiles(db, actor, input.evaluableId, 'write'),
  async ({ db }: AssessmentFilesDeps, { evaluable, ctx }, input) => {
    const have = (await answerFilesOf(db, evaluable.id)).length;
    const form = await input.receive(Math.max(MAX_FILES_PER_EVALUABLE - have, 0));
    await keepingFiles(form, async () => {
      if (form.files.length === 0)
        throw validationFailed({ files: 'assessments:messages.no_files' });
      await db.insert(assessmentFiles).values(
        form.files.map((f) => ({
          evaluableId: evaluable.id,
          uploadedBy: ctx.access.userId,
          name: f.name,
          mimeType: f.mimeType,
          size: f.size,
          storageKey: f.key,
        })),
      );
    });
    return answerFilesOf(db, evaluable.id);
  },
);
