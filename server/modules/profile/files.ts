import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { teams, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { DOCUMENT_TYPES, extensionOf } from '../../storage/file-types';
import { storageFor } from '../../storage';
import { receiveUploads, type StoredUpload } from '../../storage/uploads';

/** Pictures people and teams may use. SVG is left out: it can carry script. */
const IMAGE_TYPES = {
  png: DOCUMENT_TYPES.png,
  jpg: DOCUMENT_TYPES.jpg,
  jpeg: DOCUMENT_TYPES.jpeg,
  gif: DOCUMENT_TYPES.gif,
  webp: DOCUMENT_TYPES.webp,
};
const CV_TYPES = Object.fromEntries(
  ['pdf', 'doc', 'docx', 'odt', 'rtf', 'txt'].map((ext) => [ext, DOCUMENT_TYPES[ext]]),
);
const MEGABYTE = 1_048_576;
const AVATAR_FOLDER = 'avatars';

const uploadMessages = {
  notMultipart: 'profile:messages.upload_not_multipart',
  tooLarge: 'profile:messages.upload_too_large',
  tooMany: 'profile:messages.upload_one_file',
  unsupportedType: 'profile:messages.upload_type',
  malformed: 'profile:messages.upload_malformed',
};

/**
 * Reads exactly one file from a multipart form into storage, staged: call `publish` once the
 * row naming it has committed (a staged file nobody publishes is swept away).
 */
async function receiveOne(
  request: FastifyRequest,
  deps: AppDeps,
  options: { folder: string; maxFileBytes: number; allowedTypes: Record<string, string> },
): Promise<{ file: StoredUpload; publish: () => Promise<void> }> {
  const form = await receiveUploads(request, {
    storage: storageFor(deps.config),
    maxFiles: 1,
    messages: uploadMessages,
    ...options,
  });
  const [file] = form.files;
  if (!file) throw badRequest('profile:messages.upload_missing');
  return { file, publish: form.publish };
}

export const receiveAvatar = (request: FastifyRequest, deps: AppDeps) =>
  receiveOne(request, deps, {
    folder: AVATAR_FOLDER,
    maxFileBytes: 5 * MEGABYTE,
    allowedTypes: IMAGE_TYPES,
  });

export const receiveCv = (request: FastifyRequest, deps: AppDeps) =>
  receiveOne(request, deps, { folder: 'cvs', maxFileBytes: 10 * MEGABYTE, allowedTypes: CV_TYPES });

export async function removeFiles(deps: AppDeps, keys: readonly (string | null | undefined)[]) {
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

/** Sends a picture that a person or a team currently uses. */
export async function sendAvatar(deps: AppDeps, file: string, reply: FastifyReply) {
  const url = `${AVATAR_PATH}/${file}`;
  const key = avatarKeyOf(url);
  const type = IMAGE_TYPES[extensionOf(file) as keyof typeof IMAGE_TYPES];
  if (!key || !type) throw notFound();
  const [inUse] = await deps.db
    .select({ one: sql<number>`1` })
    .from(users)
    .where(eq(users.avatarUrl, url))
    .unionAll(
      deps.db
        .select({ one: sql<number>`1` })
        .from(teams)
        .where(eq(teams.avatarUrl, url)),
    )
    .limit(1);
  const storage = storageFor(deps.config);
  if (!inUse || !(await storage.exists(key))) throw notFound();
  return reply
    .type(type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'")
    .send(storage.read(key));
}

/** Sends a stored document as a download under its original name. */
export async function sendDownload(
  deps: AppDeps,
  file: { key: string; name: string; mime_type: string },
  reply: FastifyReply,
) {
  const storage = storageFor(deps.config);
  if (!(await storage.exists(file.key))) throw notFound();
  return reply
    .type(file.mime_type)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('cache-control', 'private, no-store')
    .send(storage.read(file.key));
}
