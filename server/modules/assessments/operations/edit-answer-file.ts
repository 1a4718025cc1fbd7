import { eq } from 'drizzle-orm';
import { editAssessmentFileFields } from '@contracts/assessments';
import type { Actor } from '../../../core/actor';
import { assessmentFiles } from '../../../db/schema';
import { notFound, validationFailed } from '../../../http/errors';
import { storageFor } from '../../../storage';
import { DOCUMENT_TYPES, extensionOf } from '../../../storage/file-types';
import { parseFields } from '../../../storage/uploads';
import {
  answerFilesOf,
  keepingFiles,
  loadAnswerFiles,
  type AnswerFilesSource,
} from './answer-files';
import type { AssessmentFilesDeps } from './deps';

/**
 * Replaces a file on answers (form file `file`) and/or renames it (field `name`, which must
 * keep its type); answers the files on those answers.
 */
export async function editAnswerFile(
  deps: AssessmentFilesDeps,
  actor: Actor,
  input: { fileId: number; receive: AnswerFilesSource },
) {
  const { db } = deps;
  const [file] = await db
    .select()
    .from(assessmentFiles)
    .where(eq(assessmentFiles.id, input.fileId));
  if (!file) throw notFound('tasks:messages.file_not_found');
  const { evaluable, ctx } = await loadAnswerFiles(db, actor, file.evaluableId, 'write');
  const form = await input.receive(1);
  const replacement = form.files[0];
  await keepingFiles(form, async () => {
    const fields = parseFields(editAssessmentFileFields, form.fields);
    const name = fields.name ?? replacement?.name;
    if (!replacement && !name) throw validationFailed({ file: 'assessments:messages.no_files' });
    if (name && DOCUMENT_TYPES[extensionOf(name)] !== (replacement?.mimeType ?? file.mimeType)) {
      throw validationFailed({ name: 'tasks:messages.name_type_mismatch' });
    }
    await db
      .update(assessmentFiles)
      .set({
        name: name ?? file.name,
        ...(replacement
          ? { storageKey: replacement.key, mimeType: replacement.mimeType, size: replacement.size }
          : {}),
        uploadedBy: ctx.access.userId,
        updatedAt: new Date(),
      })
      .where(eq(assessmentFiles.id, file.id));
  });
  if (replacement) await storageFor(deps.config).remove([file.storageKey]);
  return answerFilesOf(db, evaluable.id);
}
