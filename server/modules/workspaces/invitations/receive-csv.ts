import type { FastifyRequest } from 'fastify';
import {
  AppError,
  payloadTooLarge,
  unsupportedMediaType,
  validationFailed,
} from '../../../http/errors';
import { CSV_MAX_BYTES } from './csv';

/** Reads the `file` part of a multipart form, refusing anything but a small CSV file. */
export async function receiveCsv(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedMediaType('workspaces:messages.csv_required');
  let part;
  try {
    part = await request.file({ limits: { fileSize: CSV_MAX_BYTES, files: 1 } });
  } catch {
    throw validationFailed({ file: 'workspaces:messages.csv_required' });
  }
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw validationFailed({ file: 'workspaces:messages.csv_required' });
  }
  const looksLikeCsv =
    part.filename.toLowerCase().endsWith('.csv') ||
    ['text/csv', 'application/csv'].includes(part.mimetype);
  if (!looksLikeCsv) {
    part.file.resume();
    throw unsupportedMediaType('workspaces:messages.csv_required');
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge('workspaces:messages.csv_too_large');
    }
    throw validationFailed({ file: 'workspaces:messages.csv_unreadable' });
  }
}
