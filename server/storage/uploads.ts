import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { z } from 'zod';
import {
  AppError,
  badRequest,
  payloadTooLarge,
  unsupportedMediaType,
  validationFailed,
} from '../http/errors';
import { refuseUnstorableInput } from '../http/storable-input';
import { acceptedType, DOCUMENT_TYPES, SNIFF_BYTES, sniffType, storedType } from './file-types';
import { newStorageKey, type FileStorage } from './index';

export interface StoredUpload {
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: StoredUpload[];
  /** Makes the files visible under their keys: call it once the rows naming them committed. */
  publish(): Promise<void>;
  /** Removes the stored files: call it when what the upload was for did not happen. */
  discard(): Promise<void>;
}

/**
 * Where an operation gets its form from, when it is ready to read it (after its checks): a
 * route reads the request's multipart body; a job or a command line hands over blobs it
 * stored already. Operations never see the HTTP request.
 */
export type FormSource = () => Promise<ReceivedForm>;

/** The words of each refusal, from the caller's namespace. */
export interface UploadMessages {
  notMultipart: string;
  tooLarge: string;
  tooMany: string;
  unsupportedType: string;
  malformed: string;
}

export interface UploadOptions {
  storage: FileStorage;
  /** The storage folder the files go to. */
  folder: string;
  maxFileBytes: number;
  maxFiles: number;
  allowedTypes?: Readonly<Record<string, string>>;
  /**
   * Any file name is taken and the stored type is what the bytes say (`sniffType`), never what
   * the name or the browser says; `allowedTypes` is not used then.
   */
  sniff?: boolean;
  /**
   * The most bytes the whole form may store (what is left of the person's capacity). A form
   * whose body is bigger than this plus FORM_OVERHEAD_BYTES is refused before any byte is read;
   * otherwise the files are counted as they stream and the one that passes it is cut off, and
   * everything stored is removed. Refused with 413 and `overCapacity` (`{{left}}` in its words).
   */
  maxTotalBytes?: number;
  messages: UploadMessages & { overCapacity?: string };
}

/** Room in a multipart body for part headers, file names and text fields. */
export const FORM_OVERHEAD_BYTES = 256 * 1024;

/** What refuses an upload over the capacity left. */
function overCapacity(options: UploadOptions) {
  return payloadTooLarge(options.messages.overCapacity ?? options.messages.tooLarge, {
    left: sizeLabel(Math.max(0, options.maxTotalBytes ?? 0), true),
    limit: sizeLabel(options.maxFileBytes),
  });
}

/** Busboy and @fastify/multipart errors that mean "too much". */
const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads a multipart form, streaming each file into storage (staged, see FileStorage) as it
 * arrives. Every refusal
 * (not multipart, a file too big or of a refused type, too many parts, a broken body) removes
 * what was already stored before it is thrown, so a failed upload leaves nothing behind.
 */
export async function receiveUploads(
  request: FastifyRequest,
  options: UploadOptions,
): Promise<ReceivedForm> {
  const { messages, storage } = options;
  if (!request.isMultipart()) throw unsupportedMediaType(messages.notMultipart);
  const declared = Number(request.headers['content-length']);
  if (
    options.maxTotalBytes !== undefined &&
    declared > options.maxTotalBytes + FORM_OVERHEAD_BYTES
  ) {
    throw overCapacity(options);
  }
  const stored: StoredUpload[] = [];
  const keys = () => stored.map((file) => file.key);
  const discard = () => storage.remove(keys());
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes } })) {
      // Names and values of a form reach the database like JSON fields do.
      refuseUnstorableInput({ body: part.fieldname });
      if (part.type === 'field') {
        if (part.valueTruncated) throw payloadTooLarge(messages.tooLarge);
        refuseUnstorableInput({ [part.fieldname]: part.value });
        if (part.fieldname in fields) throw badRequest(messages.malformed);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const before = stored.reduce((sum, file) => sum + file.size, 0);
      stored.push(await storeFile(part, options, before));
      if (stored.length > options.maxFiles) throw payloadTooLarge(messages.tooMany);
    }
  } catch (error) {
    await discard();
    throw translate(error, options);
  }
  return { fields, files: stored, publish: () => storage.publish(keys()), discard };
}

async function storeFile(
  part: MultipartFile,
  options: UploadOptions,
  storedBefore: number,
): Promise<StoredUpload> {
  const { messages } = options;
  try {
    refuseUnstorableInput({ [part.fieldname]: part.filename });
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const name = keepWhole(part.filename.trim(), 200);
  const named = options.sniff
    ? 'application/octet-stream'
    : acceptedType(name, part.mimetype, options.allowedTypes ?? DOCUMENT_TYPES);
  if (!name || !named) {
    part.file.resume();
    throw unsupportedMediaType(messages.unsupportedType, { name: name || '?' });
  }
  const key = newStorageKey(options.folder);
  // Read through the async iterator: when busboy gives up on a broken body it destroys the
  // file stream without a 'close' event, which only the iterator notices (as premature close).
  const room =
    options.maxTotalBytes === undefined ? Infinity : options.maxTotalBytes - storedBefore;
  const read: ReadState = { head: [], over: false };
  let size: number;
  try {
    size = await options.storage.stage(key, Readable.from(chunksOf(part.file, room, read)));
  } catch (error) {
    if (!read.over) throw error;
    // The stream was cut off: the rest of the body is not read, and what was staged goes.
    await options.storage.remove([key]);
    throw overCapacity(options);
  }
  if (part.file.truncated) {
    await options.storage.remove([key]);
    throw tooLarge(options);
  }
  // The bytes say what the file is; the name only got it accepted.
  const sniffed = sniffType(Buffer.concat(read.head), name);
  const mimeType = options.sniff
    ? sniffed
    : storedType(sniffed, options.allowedTypes ?? DOCUMENT_TYPES);
  if (!mimeType) {
    await options.storage.remove([key]);
    throw unsupportedMediaType(messages.unsupportedType, { name });
  }
  return { key, name, mimeType, size };
}

/** The text cut to at most `length` UTF-16 units without splitting a surrogate pair. */
function keepWhole(text: string, length: number) {
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The limit in words people read: "20 MB", or "500 KB" under a megabyte; `exact` says 0 KB
 * when nothing is left (a limit is never below 1 KB).
 */
export function sizeLabel(bytes: number, exact = false) {
  return bytes >= 1_048_576
    ? `${Math.floor(bytes / 1_048_576)} MB`
    : `${Math.max(exact ? 0 : 1, Math.floor(bytes / 1024))} KB`;
}

function tooLarge(options: UploadOptions) {
  return payloadTooLarge(options.messages.tooLarge, { limit: sizeLabel(options.maxFileBytes) });
}

/** What reading a file saw: its first bytes, and whether it passed the capacity left. */
interface ReadState {
  head: Buffer[];
  over: boolean;
}

/**
 * The file's chunks, keeping the first SNIFF_BYTES in `read.head`, and failing (with
 * `read.over` set) before a chunk that would pass `room` bytes is handed to the store.
 */
async function* chunksOf(
  file: AsyncIterable<Buffer>,
  room = Infinity,
  read: ReadState = { head: [], over: false },
) {
  let bytes = 0;
  for await (const chunk of file) {
    if (bytes < SNIFF_BYTES) read.head.push(chunk.subarray(0, SNIFF_BYTES - bytes));
    bytes += chunk.length;
    if (bytes > room) {
      read.over = true;
      throw new Error('Over the capacity left');
    }
    yield chunk;
  }
}

function translate(error: unknown, options: UploadOptions): unknown {
  if (error instanceof AppError) return error;
  const { code = '', syscall } = error as { code?: string; syscall?: string };
  // A failing disk is our fault, not the sender's: let it be a logged 500.
  if (syscall) return error;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(options);
  if (LIMIT_CODES.has(code)) return payloadTooLarge(options.messages.tooMany);
  // Anything else busboy or the stream says means the body was not a well-formed form.
  return badRequest(options.messages.malformed);
}

/** The text fields of a form, checked like a JSON body: 422 naming each wrong or unknown field. */
export function parseFields<T extends z.ZodType>(
  schema: T,
  fields: Record<string, string>,
): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) problems[key] = 'common:validation.unrecognized_keys';
    } else {
      problems[issue.path.join('.') || 'body'] = 'common:validation.invalid';
    }
  }
  throw validationFailed(problems);
}
