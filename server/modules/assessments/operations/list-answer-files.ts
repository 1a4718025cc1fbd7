import type { Actor } from '../../../core/actor';
import { answerFilesOf, loadAnswerFiles } from './answer-files';
import type { AssessmentFilesDeps } from './deps';

/** The files on the answers for one person. */
export async function listAnswerFiles(
  deps: AssessmentFilesDeps,
  actor: Actor,
  evaluableId: number,
) {
  const { evaluable } = await loadAnswerFiles(deps.db, actor, evaluableId, 'read');
  return answerFilesOf(deps.db, evaluable.id);
}
