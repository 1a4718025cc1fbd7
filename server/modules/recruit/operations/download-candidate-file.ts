import type { Actor } from '../../../core/actor';
import { loadCandidateFile } from './access';
import type { RecruitDeps } from './deps';

/** A candidate's stored file, for the workspace's hiring team. */
export async function downloadCandidateFile(deps: RecruitDeps, actor: Actor, fileId: number) {
  const file = await loadCandidateFile(deps.db, actor, fileId);
  return { key: file.storageKey, name: file.name, mimeType: file.mimeType, size: file.size };
}
