import type { AppDeps } from '../../context';
import { DOCUMENT_TYPES, extensionOf } from '../../storage/file-types';
import { storageFor } from '../../storage';
import type { StoredUpload } from '../../storage/uploads';

/** Pictures people and teams may use. SVG is left out: it can carry script. */
export const IMAGE_TYPES = {
  png: DOCUMENT_TYPES.png,
  jpg: DOCUMENT_TYPES.jpg,
  jpeg: DOCUMENT_TYPES.jpeg,
  gif: DOCUMENT_TYPES.gif,
  webp: DOCUMENT_TYPES.webp,
};
export const CV_TYPES = Object.fromEntries(
  ['pdf', 'doc', 'docx', 'odt', 'rtf', 'txt'].map((ext) => [ext, DOCUMENT_TYPES[ext]]),
);
export const MEGABYTE = 1_048_576;
export const AVATAR_FOLDER = 'avatars';

export const uploadMessages = {
  notMultipart: 'profile:messages.upload_not_multipart',
  tooLarge: 'profile:messages.upload_too_large',
  tooMany: 'profile:messages.upload_one_file',
  unsupportedType: 'profile:messages.upload_type',
  malformed: 'profile:messages.upload_malformed',
};

export async function removeFiles(
  deps: Pick<AppDeps, 'config'>,
  keys: readonly (string | null | undefined)[],
) {
  const present = keys.filter((key): key is string => Boolean(key));
  if (present.length > 0) await storageFor(deps.config).remove(present);
}

/**
 * Pictures are shown by <img> tags, which send no bearer token, so they are served without
 * sign-in from an address holding a random key; a new upload gets a new address.
 */
export const AVATAR_PATH = '/api/v2/core/avatars';

export function avatarUrlOf(file: StoredUpload): string {
  return `${AVATAR_PATH}/${file.key.slice(AVATAR_FOLDER.length + 1)}.${extensionOf(file.name)}`;
}

/** The storage key behind an avatar address we made, or null for any other address. */
export function avatarKeyOf(url: string | null): string | null {
  const match = url?.match(/^\/api\/v2\/core\/avatars\/([0-9a-f-]{36})\.[a-z]+$/);
  return match ? `${AVATAR_FOLDER}/${match[1]}` : null;
}
