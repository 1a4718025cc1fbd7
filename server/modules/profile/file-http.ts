import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { namedDisposition } from '../../http/content-disposition';
import { storageFor } from '../../storage';
import { receiveUploads } from '../../storage/uploads';
import { AVATAR_FOLDER, CV_TYPES, IMAGE_TYPES, MEGABYTE, uploadMessages } from './files';
import type { ReceivedFile } from './operations/change-avatar';

/**
 * Reads exactly one file from a multipart form into storage, staged: call `publish` once the
 * row naming it has committed (a staged file nobody publishes is swept away).
 */
async function receiveOne(
  request: FastifyRequest,
  deps: AppDeps,
  options: { folder: string; maxFileBytes: number; allowedTypes: Record<string, string> },
): Promise<ReceivedFile> {
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

/** Sends a picture a person or a team uses (found by `findAvatar`). */
export function sendAvatar(
  deps: AppDeps,
  avatar: { key: string; type: string },
  reply: FastifyReply,
) {
  return reply
    .type(avatar.type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('content-security-policy', "default-src 'none'")
    .send(storageFor(deps.config).read(avatar.key));
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
    .header('content-disposition', namedDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .send(storage.read(file.key));
}
