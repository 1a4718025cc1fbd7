import type { Actor } from '../../../core/actor';
import { notFound } from '../../../http/errors';
import type { DriveDeps } from './deps';
import { fileOf } from './file-of';
import { versionOf } from './versions';

/** What a download serves: the stored key, under the file's name and sniffed type. */
export interface DriveDownload {
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

/** The bytes of one of the actor's files: its current version, or the one asked for. */
export async function downloadFile(
  deps: Pick<DriveDeps, 'db'>,
  actor: Actor,
  input: { id: number; version?: number },
): Promise<DriveDownload> {
  const { file, current } =
    input.version === undefined
      ? await fileOf(deps.db, actor, input.id)
      : await versionOf(deps, actor, { id: input.id, version: input.version }).then((found) => ({
          file: found.file,
          current: found.version,
        }));
  return {
    key: current.storageKey,
    name: file.name,
    mimeType: current.mimeType,
    size: current.size,
  };
}

/** The preview of a file's current version, once the job made one (404 before, or never). */
export async function thumbnailOf(deps: Pick<DriveDeps, 'db'>, actor: Actor, id: number) {
  const { current } = await fileOf(deps.db, actor, id);
  if (!current.thumbnailKey) throw notFound('drive:errors.no_thumbnail');
  return current.thumbnailKey;
}
